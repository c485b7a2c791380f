import { describe, expect, it } from "vitest";
import { bundledIdentity } from "./bundled.server.ts";
import { contrastWithWhite, normalHost, PublicationError, publicationFrom } from "./publication-file.ts";

const minimal = {
  name: "The Harbour Courier",
  tagline: "Ferries, buses and bikes around the bay",
  hosts: ["Harbour.Example", "*.harbour.example"],
  feeds: {
    local: ["https://feeds.example/harbour.xml"],
    automotive: [{ url: "https://ev.example/feed", name: "EV Daily" }],
  },
};

const read = (data: unknown, logo = false) =>
  publicationFrom("harbour", data, bundledIdentity, { logo: () => logo });

describe("publication.json", () => {
  it("takes the fields it sets and the bundled site's for the rest", () => {
    const p = read(minimal);
    expect(p.slug).toBe("harbour");
    expect(p.hosts).toEqual(["harbour.example", "*.harbour.example"]);
    expect(p.identity.title).toBe("The Harbour Courier");
    expect(p.identity.shortTitle).toBe("Harbour Courier");
    expect(p.identity.tagline).toBe("Ferries, buses and bikes around the bay");
    expect(p.identity.timeZone).toBe(bundledIdentity.timeZone);
    expect(p.identity.newsroomEmail).toBe(bundledIdentity.newsroomEmail);
    expect(p.identity.network).toEqual(bundledIdentity.network);
    expect(p.identity.about).toContain("The Harbour Courier");
    expect(p.identity.accent).toBeUndefined();
    expect([...p.feeds.keys()]).toEqual(["local", "automotive"]);
    expect(p.feeds.names?.get("https://ev.example/feed")).toBe("EV Daily");
  });

  it("takes the optional zone, newsroom, about, accent and logo", () => {
    const p = read(
      {
        ...minimal,
        timeZone: "Europe/Oslo",
        newsroomEmail: "desk@harbour.example",
        about: "We cover the bay.",
        accent: "#0B6E4F",
        logo: "logo.svg",
      },
      true,
    );
    expect(p.identity).toMatchObject({
      timeZone: "Europe/Oslo",
      newsroomEmail: "desk@harbour.example",
      about: "We cover the bay.",
      accent: "#0b6e4f",
      logo: "/publication-logo.svg",
    });
    expect(p.logoName).toBe("logo.svg");
  });

  it.each([
    [[], "must hold an object"],
    [{ ...minimal, title: "x" }, 'unknown field "title"'],
    [{ ...minimal, name: "" }, '"name" must be a non-empty string'],
    [{ ...minimal, name: "<b>Bold</b>" }, '"name" must be plain text'],
    [{ ...minimal, tagline: undefined }, '"tagline" must be a non-empty string'],
    [{ ...minimal, hosts: [] }, '"hosts" must be a non-empty array'],
    [{ ...minimal, hosts: ["harbour.example:3000"] }, "which is no host name"],
    [{ ...minimal, hosts: ["bad_host.example"] }, "which is no host name"],
    [{ ...minimal, hosts: ["*.harbour.example"] }, "needs at least one exact host name"],
    [{ ...minimal, feeds: undefined }, '"feeds" is missing'],
    [{ ...minimal, feeds: {} }, '"feeds" lists no section'],
    [{ ...minimal, feeds: { news: ["https://a.example/"] } }, 'unknown section key "news"'],
    [{ ...minimal, feeds: { local: ["ftp://a.example/"] } }, "non-http(s) URL"],
    [{ ...minimal, timeZone: "Mars/Olympus" }, '"timeZone" "Mars/Olympus" is no IANA time zone'],
    [{ ...minimal, newsroomEmail: "desk" }, "is no e-mail address"],
    [{ ...minimal, accent: "green" }, '"accent" "green" must be a colour'],
    [{ ...minimal, accent: "#f5b000" }, '"accent" "#f5b000" is too light'],
    [{ ...minimal, logo: "../logo.svg" }, "must be a file name in the folder"],
    [{ ...minimal, logo: "logo.svg" }, "which the folder lacks"],
  ])("refuses %j with the reason", (data, reason) => {
    expect(() => read(data)).toThrow(PublicationError);
    expect(() => read(data)).toThrow(reason);
  });

  it("keeps host names to what DNS allows", () => {
    expect(normalHost("*.Network.Example.")).toBe("*.network.example");
    expect(normalHost("a.localhost")).toBe("a.localhost");
    expect(normalHost("-a.example")).toBeUndefined();
    expect(normalHost("*")).toBeUndefined();
    expect(normalHost("a.*.example")).toBeUndefined();
  });

  it("measures an accent's contrast with white as WCAG does", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    // The bundled palette's accent passes; a pale one does not.
    expect(contrastWithWhite("#0b6b4f")).toBeGreaterThan(4.6);
    expect(contrastWithWhite("#767676")).toBeCloseTo(4.54, 1);
  });
});
