import { describe, expect, it } from "vitest";
import { decodeFeedBytes } from "./decode.ts";
import { type FeedItem, normalizeFeed, normalizeItem, resolveHttpUrl } from "./normalize.ts";
import { parseFeed, type RawItem } from "./parse.ts";
import { fixture } from "./testing/feed-server.ts";
import { generateRss } from "./testing/generate.ts";

const NOW = new Date("2024-05-20T12:00:00.000Z");
const BASE = "https://feeds.example/news/rss.xml";

function items(name: string, base: string | null = BASE): FeedItem[] {
  return normalizeFeed(parseFeed(decodeFeedBytes(fixture(name))), base ?? undefined, NOW).items;
}

function item(raw: Partial<RawItem>): FeedItem {
  return normalizeItem({ guidIsPermaLink: false, dates: [], images: [], ...raw }, 0, BASE, NOW.toISOString());
}

describe("normalizeItem: the spec's Article rules", () => {
  it("title: plain text, 'Untitled' when missing or empty", () => {
    expect(item({ title: "A <b>bold</b> &amp; move" }).title).toBe("A bold & move");
    expect(item({}).title).toBe("Untitled");
    expect(item({ title: "  <p> </p> " }).title).toBe("Untitled");
  });

  it("content: content:encoded when present, else the description, as text", () => {
    expect(item({ content: "<p>Body</p>", description: "Desc" }).content).toBe("Body");
    expect(item({ description: "<p>Desc only</p>" }).content).toBe("Desc only");
    expect(item({}).content).toBe("");
  });

  it("excerpt: the description's text, else the first 200 characters of the content + '...'", () => {
    expect(item({ description: "<p>Short &amp; sweet</p>", content: "<p>Long body</p>" }).excerpt).toBe(
      "Short & sweet",
    );
    const body = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
    const excerpt = item({ content: `<p>${body}</p>` }).excerpt;
    expect(excerpt).toBe(`${body.slice(0, 200)}...`);
    // Exactly the spec: 200 characters (a trailing space included), then "...", even when short.
    expect(body.slice(0, 200).endsWith(" ")).toBe(true);
    expect(item({ content: "<p>Tiny</p>" }).excerpt).toBe("Tiny...");
    // A description that is only markup (an image) has no text: the content stands in.
    expect(item({ description: "<img src='x.jpg'>", content: "<p>Text</p>" }).excerpt).toBe("Text...");
    expect(item({}).excerpt).toBe("");
  });

  it("publishedAt: the first usable of pubDate, dc:date, published, updated, else now", () => {
    expect(item({ dates: ["Wed, 01 May 2024 14:30:00 +0200"] }).publishedAt).toBe("2024-05-01T12:30:00.000Z");
    expect(item({ dates: ["garbage", "2024-04-29"] }).publishedAt).toBe("2024-04-29T00:00:00.000Z");
    const undated = item({ dates: ["not a date"] });
    expect(undated.publishedAt).toBe(NOW.toISOString());
    expect(undated.dated).toBe(false);
  });

  it("imageUrl: first usable candidate (image enclosure, media:content, media:thumbnail)", () => {
    expect(item({ images: ["javascript:x", "/img/a.jpg", "https://b.example/b.jpg"] }).imageUrl).toBe(
      "https://feeds.example/img/a.jpg",
    );
    expect(item({ images: [] }).imageUrl).toBeUndefined();
  });

  it("link: absolute http(s), resolved against the feed URL; a permalink guid stands in", () => {
    expect(item({ link: "../story" }).link).toBe("https://feeds.example/story");
    expect(item({ link: "javascript:alert(1)" }).link).toBeUndefined();
    expect(item({ guid: "https://x.example/p/1", guidIsPermaLink: true }).link).toBe("https://x.example/p/1");
    expect(item({ guid: "12345", guidIsPermaLink: true }).link).toBeUndefined();
    expect(item({ guid: "https://x.example/p/1", guidIsPermaLink: false }).link).toBeUndefined();
  });

  it("author: the creator as plain text; readTime from the content's words", () => {
    expect(item({ author: "<b>Jane</b> Doe" }).author).toBe("Jane Doe");
    expect(item({}).author).toBeUndefined();
    const words = Array.from({ length: 650 }, () => "word").join(" ");
    expect(item({ content: `<p>${words}</p>` }).readTime).toBe(3);
    expect(item({ content: "<p>one two</p>" }).readTime).toBe(1);
    expect(item({}).readTime).toBe(3);
  });
});

describe("normalizeFeed", () => {
  it("normalises a real-shaped RSS feed", () => {
    const [first, second] = items("rss2-basic.xml");
    expect(first).toMatchObject({
      guid: "https://grid-garage.example/2024/05/elm-street-chargers",
      title: "City council approves 40 curbside chargers for Elm Street",
      excerpt: "The pilot puts Level 2 chargers on lamp posts along a mile of apartment blocks.",
      publishedAt: "2024-05-14T13:30:00.000Z",
      author: "Maya Okafor",
      imageUrl: "https://grid-garage.example/wp-content/uploads/elm-street.jpg",
      link: "https://grid-garage.example/2024/05/elm-street-chargers",
      position: 0,
      readTime: 1,
    });
    expect(first?.content).toMatch(/^The city council voted 7–2 on Monday night/);
    expect(first?.content).toContain("“People who rent have been left out");
    expect(second?.title).toBe("How cold weather really affects your EV’s range");
    expect(second?.link).toBe("https://feeds.example/2024/05/cold-weather-range");
  });

  it("normalises Atom, including xhtml titles and content", () => {
    const [a, b, c] = items("atom.xml");
    expect(a?.title).toBe("Electric buses hit 1 million miles without a breakdown");
    expect(a?.excerpt).toBe("The depot’s fleet passed the milestone on Tuesday.");
    expect(a?.content).toBe(
      "The depot’s thirty electric buses passed one million combined miles on Tuesday. Maintenance costs fell by a third compared with the diesel fleet they replaced.",
    );
    expect(a?.publishedAt).toBe("2024-05-14T06:00:00.000Z");
    expect(a?.imageUrl).toBe("https://feeds.example/media/bus-depot.webp");
    expect(b?.publishedAt).toBe("2024-05-12T15:30:00.000Z");
    expect(b?.excerpt).toBe(
      "Two thousand residents answered. Most want the line to reach the hospital first....",
    );
    expect(b?.imageUrl).toBe("https://transit-notes.example/media/tram-thumb.jpg");
    expect(c?.title).toBe("Night buses: three routes return");
  });

  it("normalises RDF", () => {
    const [a, b] = items("rdf.xml");
    expect(a?.guid).toBeUndefined();
    expect(a?.publishedAt).toBe("2024-05-14T12:40:00.000Z");
    expect(b?.publishedAt).toBe("2024-05-13T14:00:00.000Z");
    expect(b?.excerpt).toBe("Four-hour batteries won every lot in this year's capacity auction....");
  });

  it("turns markup and scripts into plain text and drops javascript:/data: URLs", () => {
    const [one, two, three, four] = items("hostile.xml");
    expect(one?.title).toBe("Breaking: Tesla & BYD race on");
    expect(one?.link).toBeUndefined();
    expect(one?.excerpt).toBe("Click here");
    // data: enclosure and javascript: media are dropped; the protocol-relative thumbnail resolves.
    expect(one?.imageUrl).toBe("https://cdn.hostile.example/thumb.jpg");
    expect(two?.title).toBe("Escaped markup in a title");
    expect(two?.link).toBe("https://feeds.example/relative/story?id=2&ref=rss");
    expect(two?.excerpt).toBe("Double-escaped text");
    expect(two?.imageUrl).toBe("https://feeds.example/images/story-2.png");
    expect(three?.title).toBe("Untitled");
    expect(three?.link).toBe("https://hostile.example/permalink-3");
    expect(four?.link).toBeUndefined();
    expect(four?.imageUrl).toBe("https://hostile.example/picture.jpg");
    for (const i of [one, two, three, four]) {
      expect(JSON.stringify(i)).not.toMatch(/<script|javascript:|data:|onerror/i);
    }
  });

  it("drops relative links when there is no base URL", () => {
    const [, second] = items("rss2-basic.xml", null);
    expect(second?.link).toBeUndefined();
  });

  it("dates: missing and invalid ones fall back to now", () => {
    const byGuid = Object.fromEntries(items("dates.xml").map((i) => [i.guid, i]));
    expect(byGuid.d1?.publishedAt).toBe("2024-05-01T12:30:00.000Z");
    expect(byGuid.d2?.publishedAt).toBe("2024-05-01T12:00:00.000Z");
    expect(byGuid.d3?.publishedAt).toBe("2024-05-01T06:15:00.000Z");
    expect(byGuid.d4?.publishedAt).toBe("2024-04-29T00:00:00.000Z");
    for (const guid of ["d5", "d6", "d7"]) {
      expect(byGuid[guid]?.publishedAt).toBe(NOW.toISOString());
      expect(byGuid[guid]?.dated).toBe(false);
    }
    expect(byGuid.d8?.publishedAt).toBe("2021-09-06T16:45:00.000Z");
  });

  it("drops repeated guids, keeping the first copy and original positions", () => {
    const result = normalizeFeed(parseFeed(fixture("duplicates.xml").toString()), BASE, NOW);
    expect(result.duplicates).toBe(1);
    expect(result.items.map((i) => [i.title, i.position])).toEqual([
      ["First copy", 0],
      ["Unique", 1],
      ["No guid one", 3],
      ["No guid two", 4],
    ]);
  });

  it("decodes ISO-8859-1 and windows-1252 feeds, and one with a BOM", () => {
    expect(items("latin1.xml")[0]?.title).toBe("La métropole équipe ses parkings de bornes à recharge");
    expect(items("latin1.xml")[0]?.excerpt).toBe("Cent vingt bornes dès l'été, à 19 centimes le kWh ± 2 %.");
    expect(items("windows-1252.xml")[0]?.title).toBe(
      "“Cheaper than petrol” — charging now costs €0.29 per kWh",
    );
    expect(items("windows-1252.xml")[0]?.excerpt).toBe("It’s the lowest price this year…");
    expect(items("bom.xml")[0]?.title).toBe("Über-fast charging in München — ⚡ 350 kW");
  });

  it("one bad item never sinks the feed", () => {
    const feed = parseFeed(generateRss({ items: 3 }));
    // An item whose fields are of the wrong shape (as a parser bug or a hostile feed might produce).
    (feed.items[1] as unknown as { dates: unknown }).dates = null;
    const result = normalizeFeed(feed, BASE, NOW);
    expect(result.items).toHaveLength(2);
    expect(result.skipped).toBe(1);
  });

  it("stops at maxItems, counting only kept items", () => {
    const result = normalizeFeed(parseFeed(fixture("duplicates.xml").toString()), BASE, NOW, 3);
    expect(result.items.map((i) => i.position)).toEqual([0, 1, 3]);
  });

  it("handles a 1,000-item feed", () => {
    const result = normalizeFeed(parseFeed(generateRss({ items: 1000 })), BASE, NOW);
    expect(result.items).toHaveLength(1000);
    expect(new Set(result.items.map((i) => i.guid)).size).toBe(1000);
  });
});

describe("resolveHttpUrl", () => {
  it.each([
    ["https://a.example/x", "https://a.example/x"],
    ["HTTPS://A.example/x", "https://a.example/x"],
    ["https://a.example", "https://a.example/"],
    ["https://a.example:443/x", "https://a.example/x"],
    ["/rel", "https://feeds.example/rel"],
    ["../up", "https://feeds.example/up"],
    ["//cdn.example/i.jpg", "https://cdn.example/i.jpg"],
    [" https://a.example/a b ", "https://a.example/a%20b"],
    ["https://a.example/x/../y", "https://a.example/y"],
    ["https://a.example/x?q=a'b", "https://a.example/x?q=a%27b"],
    ["javascript:alert(1)", undefined],
    [" JavaScript:alert(1)", undefined],
    ["data:image/png;base64,xx", undefined],
    ["vbscript:x", undefined],
    ["mailto:a@b.example", undefined],
    ["", undefined],
  ])("%j → %j", (raw, expected) => {
    expect(resolveHttpUrl(raw, BASE)).toBe(expected);
  });
});
