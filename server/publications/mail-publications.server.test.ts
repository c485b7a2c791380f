import { describe, expect, it } from "vitest";
import type { NewsReader } from "#server/news/reader.server.ts";
import { bundledIdentity } from "./bundled.server.ts";
import { mailPublications } from "./mail-publications.server.ts";
import type { Publication } from "./publication-file.ts";
import type { Publications } from "./registry.server.ts";

const harbour: Publication = {
  slug: "harbour",
  identity: { ...bundledIdentity, title: "Harbour Gazette", timeZone: "Pacific/Auckland" },
  hosts: ["harbour.example"],
  feeds: new Map(),
};

function registry(bySlug: Publication[], refused: string[] = []): Publications {
  const snapshot = { bySlug: new Map(bySlug.map((p) => [p.slug, p])), refused };
  return { current: () => snapshot, fromDir: true } as unknown as Publications;
}

describe("the mail service's view of the publications", () => {
  const reader = { name: "harbour's own" } as unknown as NewsReader;

  it("gives a publication's mail its own reader and address", () => {
    const view = mailPublications(
      registry([harbour]),
      { reader: (slug) => (slug === "harbour" ? reader : undefined) },
      "https://site.example",
    );
    const mail = view?.get("harbour");
    expect(mail?.reader).toBe(reader);
    expect(mail?.identity.title).toBe("Harbour Gazette");
    expect(mail?.siteUrl).toBe("https://harbour.example");
    expect(view?.all()).toEqual(["harbour"]);
    expect(view?.timeZones()).toEqual(["Pacific/Auckland"]);
    expect(view?.timeZoneOf("harbour")).toBe("Pacific/Auckland");
    expect(view?.timeZoneOf("gone")).toBeUndefined();
  });

  it("lets the mail wait (null) while the engine has no list for it, never lending another's news", () => {
    const view = mailPublications(registry([harbour]), { reader: () => undefined }, "https://site.example");
    expect(view?.get("harbour")).toBeNull();
  });

  it("lets a refused folder's mail wait, and skips a publication that went", () => {
    const view = mailPublications(registry([], ["valley"]), { reader: () => reader }, "https://site.example");
    expect(view?.get("valley")).toBeNull();
    expect(view?.get("gone")).toBeUndefined();
  });

  it("is undefined without PUBLICATIONS_DIR: the bundled site's mail only", () => {
    const bundled = {
      current: () => ({ bySlug: new Map(), refused: [] }),
      fromDir: false,
    } as unknown as Publications;
    expect(mailPublications(bundled, { reader: () => reader }, "https://site.example")).toBeUndefined();
  });
});
