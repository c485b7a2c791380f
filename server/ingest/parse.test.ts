import { describe, expect, it } from "vitest";
import { decodeFeedBytes } from "./decode.ts";
import { FeedParseError } from "./errors.ts";
import { parseFeed } from "./parse.ts";
import { fixture } from "./testing/feed-server.ts";

const load = (name: string) => parseFeed(decodeFeedBytes(fixture(name)));

describe("parseFeed", () => {
  it("reads RSS 2.0 items with content:encoded, dc:creator, enclosures and media", () => {
    const feed = load("rss2-basic.xml");
    expect(feed.format).toBe("rss");
    expect(feed.title).toBe("Grid & Garage");
    expect(feed.link).toBe("https://grid-garage.example/");
    expect(feed.items).toHaveLength(5);
    const [first, second, third, podcast, letters] = feed.items;
    expect(first?.guid).toBe("https://grid-garage.example/2024/05/elm-street-chargers");
    expect(first?.guidIsPermaLink).toBe(true);
    expect(first?.author).toBe("Maya Okafor");
    expect(first?.content).toContain("<p>The city council voted");
    expect(first?.dates).toEqual(["Tue, 14 May 2024 09:30:00 -0400"]);
    expect(first?.images).toEqual(["https://grid-garage.example/wp-content/uploads/elm-street.jpg"]);
    expect(second?.guidIsPermaLink).toBe(false);
    expect(second?.images).toEqual(["https://cdn.grid-garage.example/img/winter-range.jpg"]);
    expect(third?.description).toBeUndefined();
    expect(third?.images).toEqual(["https://grid-garage.example/thumbs/recycling.jpg"]);
    // The audio enclosure is no image; the group's image content comes before its thumbnail.
    expect(podcast?.images).toEqual([
      "https://grid-garage.example/podcast/42-cover.png",
      "https://grid-garage.example/podcast/42-thumb.png",
    ]);
    expect(letters?.author).toBe("The Letters Desk");
  });

  it("reads Atom entries: id, alternate link, summary/content, published/updated, author, xhtml", () => {
    const feed = load("atom.xml");
    expect(feed.format).toBe("atom");
    expect(feed.title).toBe("Transit Notes");
    expect(feed.link).toBe("https://transit-notes.example/");
    const [a, b, c] = feed.items;
    expect(a?.guid).toBe("tag:transit-notes.example,2024:million-miles");
    expect(a?.link).toBe("https://transit-notes.example/2024/05/million-miles");
    expect(a?.dates).toEqual(["2024-05-14T08:00:00+02:00", "2024-05-14T09:00:00+02:00"]);
    expect(a?.author).toBe("Priya Raman");
    expect(a?.images).toEqual(["/media/bus-depot.webp"]);
    expect(a?.content).toContain("<strong>one million</strong>");
    expect(a?.title).toBe("Electric buses hit 1 million miles <em>without</em> a breakdown");
    expect(b?.description).toBeUndefined();
    expect(b?.dates).toEqual(["2024-05-12T15:30:00Z"]);
    expect(c?.link).toBe("https://transit-notes.example/2024/05/night-buses");
    expect(c?.title).toContain("<em>three</em>");
  });

  it("reads RDF (RSS 1.0) items beside the channel, with dc:date and content:encoded", () => {
    const feed = load("rdf.xml");
    expect(feed.format).toBe("rdf");
    expect(feed.title).toBe("Energy Digest");
    expect(feed.items.map((i) => i.title)).toEqual([
      "Solar sets a new midday record",
      "Storage auction clears at a record low price",
    ]);
    expect(feed.items[0]?.dates).toEqual(["2024-05-14T12:40:00Z"]);
    expect(feed.items[0]?.author).toBe("Energy Digest staff");
    expect(feed.items[1]?.content).toContain("Four-hour batteries");
  });

  it("reads RSS 0.91 with its DOCTYPE and HTML entities", () => {
    const feed = load("rss091.xml");
    expect(feed.items[0]?.title).toBe("Café owners back the car-free Sunday");
    expect(feed.items[0]?.description).toBe(
      "Trading rose 12\u00a0% on the trial day — and nobody missed the traffic.",
    );
  });

  it("never expands DTD entities (billion laughs, external entities)", () => {
    const laughs = load("billion-laughs.xml");
    expect(laughs.title).toBe("&lol9;");
    expect(laughs.items[0]?.title).toBe("Laughing &lol9;");
    const xxe = load("xxe.xml");
    expect(xxe.items[0]?.title).toBe("Secrets: &xxe;");
    expect(JSON.stringify(xxe)).not.toContain("root:");
  });

  it("gives an empty list for a feed without items", () => {
    expect(load("empty.xml").items).toEqual([]);
  });

  it.each([
    ["invalid XML", fixture("invalid.xml").toString()],
    ["an HTML page", fixture("not-a-feed.html").toString()],
    ["JSON", '{"items": []}'],
    ["an empty body", ""],
    ["another XML vocabulary", "<svg xmlns='http://www.w3.org/2000/svg'/>"],
  ])("rejects %s with 'Failed to parse RSS XML'", (_what, body) => {
    expect(() => parseFeed(body)).toThrow(FeedParseError);
    expect(() => parseFeed(body)).toThrow(/^Failed to parse RSS XML$/);
  });
});

describe("parseFeed with maxItems", () => {
  it("stops reading after that many items, at the top of the channel or the document", () => {
    const items = Array.from({ length: 50 }, (_, i) => `<item><title>t${i}</title></item>`).join("");
    // The tail is not even read: a broken end does not matter once the cap is reached.
    const rss = `<rss version="2.0"><channel><title>c</title>${items}<item><title>broken`;
    const parsed = parseFeed(rss, { maxItems: 10 });
    expect(parsed.title).toBe("c");
    expect(parsed.items.map((i) => i.title)).toEqual(Array.from({ length: 10 }, (_, i) => `t${i}`));
    expect(() => parseFeed(rss)).toThrow("Failed to parse RSS XML");
    const entries = Array.from({ length: 5 }, (_, i) => `<entry><title>e${i}</title></entry>`).join("");
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>a</title>${entries}</feed>`;
    expect(parseFeed(atom, { maxItems: 3 }).items).toHaveLength(3);
    expect(parseFeed(atom, { maxItems: 30 }).items).toHaveLength(5);
  });
});
