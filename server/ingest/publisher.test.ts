import { describe, expect, it } from "vitest";
import { parseFeed } from "./parse.ts";
import { feedHost, MAX_PUBLISHER_CHARS, publisherName, publisherText } from "./publisher.ts";

const URL_ = "https://feeds.publisher.example/rss?token=secret";

/** The publisher of a feed document, as the stores and the samples name it. */
const publisherOf = (xml: string, name?: string) =>
  publisherName({ url: URL_, name, title: publisherText(parseFeed(xml).title) });

const rss = (channel: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel>${channel}<item><title>Story</title></item></channel></rss>`;

describe("a headline's publisher", () => {
  it("is the RSS channel's title", () => {
    expect(publisherOf(rss("<title>Electrek</title>"))).toBe("Electrek");
  });

  it("is the Atom feed's title, markup and entities turned into text", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">Grid &amp;amp; &lt;b&gt;Garage&lt;/b&gt;</title>
      <entry><id>1</id><title>Story</title></entry></feed>`;
    expect(publisherOf(atom)).toBe("Grid & Garage");
  });

  it("is the feed's host when the channel has no title, or an empty one", () => {
    expect(publisherOf(rss(""))).toBe("feeds.publisher.example");
    expect(publisherOf(rss("<title>  <![CDATA[ ]]> </title>"))).toBe("feeds.publisher.example");
    expect(feedHost("https://user:pw@www.publisher.example:8443/feed")).toBe("publisher.example");
  });

  it("is the feed list's name when it gives one, over the channel's title", () => {
    expect(publisherOf(rss("<title>Electrek</title>"), "Electrek (9to5)")).toBe("Electrek (9to5)");
  });

  it("is one line of at most MAX_PUBLISHER_CHARS characters", () => {
    const long = publisherOf(rss(`<title>A\n  very ${"long ".repeat(40)}title</title>`));
    expect(long).toHaveLength(MAX_PUBLISHER_CHARS);
    expect(long.startsWith("A very long")).toBe(true);
    expect(long.endsWith("…")).toBe(true);
    expect(long).not.toMatch(/\n/);
  });
});
