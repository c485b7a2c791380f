import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FeedParseError } from "./errors.ts";
import { readFeed, readFeedFile } from "./read-feed.server.ts";
import { type FeedServer, FIXTURES_DIR, fixture, respond, startFeedServer } from "./testing/feed-server.ts";
import { generateRss } from "./testing/generate.ts";

// Real sockets and processes: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const NOW = new Date("2024-05-20T12:00:00.000Z");
let server: FeedServer;
const dir = mkdtempSync(join(tmpdir(), "read-feed-"));

beforeAll(async () => {
  const routes: Record<string, ReturnType<typeof respond>> = {};
  for (const name of [
    "rss2-basic.xml",
    "atom.xml",
    "rdf.xml",
    "rss091.xml",
    "invalid.xml",
    "billion-laughs.xml",
    "xxe.xml",
    "hostile.xml",
    "dates.xml",
    "duplicates.xml",
    "latin1.xml",
    "windows-1252.xml",
    "bom.xml",
    "not-a-feed.html",
  ]) {
    routes[`/feeds/${name}`] = respond(fixture(name), { "content-type": "application/xml" });
  }
  routes["/big.xml"] = respond(generateRss({ items: 1000 }));
  // Far more items than the cap, then a tail that is not XML: only a reader that stops succeeds.
  const whole = generateRss({ items: 2000 });
  routes["/broken-tail.xml"] = respond(
    `${whole.slice(0, whole.lastIndexOf("</item>") + "</item>".length)}<item><title>cut off`,
  );
  server = await startFeedServer(routes);
  server.route("/moved", (_req, res) => res.writeHead(301, { location: "/feeds/hostile.xml" }).end());
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const read = async (path: string) => {
  const result = await readFeed(server.url(path), { now: NOW, allowPrivate: true });
  if (result.notModified) throw new Error("unexpected 304");
  return result;
};

describe("readFeed over HTTP", () => {
  it("reads RSS 2.0, Atom, RDF and RSS 0.91", async () => {
    expect((await read("/feeds/rss2-basic.xml")).items).toHaveLength(5);
    expect((await read("/feeds/rss2-basic.xml")).title).toBe("Grid & Garage");
    expect((await read("/feeds/atom.xml")).items.map((i) => i.title)).toEqual([
      "Electric buses hit 1 million miles without a breakdown",
      "Tram line extension: what the consultation found",
      "Night buses: three routes return",
    ]);
    expect((await read("/feeds/rdf.xml")).items.map((i) => i.publishedAt)).toEqual([
      "2024-05-14T12:40:00.000Z",
      "2024-05-13T14:00:00.000Z",
    ]);
    expect((await read("/feeds/rss091.xml")).items[0]?.title).toBe("Café owners back the car-free Sunday");
  });

  it.each(["/feeds/invalid.xml", "/feeds/not-a-feed.html"])(
    "rejects %s with 'Failed to parse RSS XML'",
    async (path) => {
      await expect(read(path)).rejects.toThrow(new FeedParseError());
    },
  );

  it("does not expand entities: billion laughs stays small, XXE reads no file", async () => {
    const laughs = await read("/feeds/billion-laughs.xml");
    expect(laughs.items[0]?.title).toBe("Laughing &lol9;");
    expect(JSON.stringify(laughs).length).toBeLessThan(2000);
    const xxe = await read("/feeds/xxe.xml");
    expect(xxe.items[0]?.title).toBe("Secrets: &xxe;");
    expect(JSON.stringify(xxe)).not.toMatch(/root:|daemon:/);
  });

  it("never fetches an external DTD or entity, even one on a reachable server", async () => {
    server.route(
      "/evil.dtd",
      respond('<!ENTITY stolen "leaked">', { "content-type": "application/xml-dtd" }),
    );
    server.route("/secret.txt", respond("top secret", { "content-type": "text/plain" }));
    server.route(
      "/xxe-live.xml",
      respond(`<?xml version="1.0"?>
<!DOCTYPE rss SYSTEM "${server.url("/evil.dtd")}" [
  <!ENTITY % remote SYSTEM "${server.url("/evil.dtd")}">
  %remote;
  <!ENTITY secret SYSTEM "${server.url("/secret.txt")}">
]>
<rss version="2.0"><channel><title>t</title><item><title>&secret; &stolen;</title></item></channel></rss>`),
    );
    const { items } = await read("/xxe-live.xml");
    expect(items[0]?.title).toBe("&secret; &stolen;");
    expect(server.requests.map((r) => r.path)).not.toContain("/evil.dtd");
    expect(server.requests.map((r) => r.path)).not.toContain("/secret.txt");
  });

  it("turns markup and scripts in titles into text; drops javascript:, resolves relative links", async () => {
    const { items } = await read("/feeds/hostile.xml");
    expect(items[0]?.title).toBe("Breaking: Tesla & BYD race on");
    expect(items[0]?.link).toBeUndefined();
    expect(items[1]?.title).toBe("Escaped markup in a title");
    expect(items[1]?.link).toBe(server.url("/relative/story?id=2&ref=rss"));
    expect(items[1]?.imageUrl).toBe(server.url("/images/story-2.png"));
  });

  it("resolves relative links against where a redirect led, not where it started", async () => {
    const result = await read("/moved");
    expect(result.url).toBe(server.url("/feeds/hostile.xml"));
    expect(result.items[1]?.imageUrl).toBe(server.url("/images/story-2.png"));
  });

  it("uses now for missing and invalid dates", async () => {
    const { items } = await read("/feeds/dates.xml");
    const undated = items.filter((i) => !i.dated).map((i) => [i.guid, i.publishedAt]);
    expect(undated).toEqual([
      ["d5", NOW.toISOString()],
      ["d6", NOW.toISOString()],
      ["d7", NOW.toISOString()],
    ]);
  });

  it("drops duplicate guids", async () => {
    const result = await read("/feeds/duplicates.xml");
    expect(result.duplicates).toBe(1);
    expect(result.items.map((i) => i.guid ?? i.title)).toEqual([
      "same-guid",
      "unique-guid",
      "No guid one",
      "No guid two",
    ]);
  });

  it("decodes ISO-8859-1, windows-1252 and a BOM", async () => {
    expect((await read("/feeds/latin1.xml")).items[0]?.title).toBe(
      "La métropole équipe ses parkings de bornes à recharge",
    );
    expect((await read("/feeds/windows-1252.xml")).items[0]?.excerpt).toBe(
      "It’s the lowest price this year…",
    );
    expect((await read("/feeds/bom.xml")).items[0]?.title).toBe("Über-fast charging in München — ⚡ 350 kW");
  });

  it("stops reading a feed at twice the item cap: a broken tail beyond it is never parsed", async () => {
    const capped = await readFeed(server.url("/broken-tail.xml"), {
      now: NOW,
      maxItems: 50,
      allowPrivate: true,
    });
    if (capped.notModified) throw new Error("unexpected 304");
    expect(capped.items).toHaveLength(50);
    expect(capped.items[49]?.guid).toBe("gen-49");
    // Without a cap the whole document is read, and its end is broken.
    await expect(read("/broken-tail.xml")).rejects.toThrow(new FeedParseError());
  });

  it("reads a 1,000-item feed", async () => {
    const { items } = await read("/big.xml");
    expect(items).toHaveLength(1000);
    expect(items[999]?.guid).toBe("gen-999");
  });
});

describe("readFeedFile", () => {
  it("parses a file; relative links need a base URL", async () => {
    const file = join(FIXTURES_DIR, "rss2-basic.xml");
    const plain = await readFeedFile(file);
    expect(plain.items[1]?.link).toBeUndefined();
    const based = await readFeedFile(file, "https://grid-garage.example/feed/");
    expect(based.items[1]?.link).toBe("https://grid-garage.example/2024/05/cold-weather-range");
  });

  it("rejects a file that is no feed", async () => {
    const file = join(dir, "nope.xml");
    writeFileSync(file, "<html><body>nope</body></html>");
    await expect(readFeedFile(file)).rejects.toThrow("Failed to parse RSS XML");
  });
});
