import { parseRssFeed } from "feedsmith";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { site } from "#content/site.ts";
import { bundledIdentity } from "#server/publications/bundled.server.ts";
import { buildRss, RSS_IMAGE, RSS_MAX_ITEMS, RSS_TTL_MINUTES, rssAuthor } from "./rss.server.ts";
import { makePost } from "./testing/posts.ts";

const SITE = { siteUrl: "https://news.example", identity: bundledIdentity };

describe("buildRss", () => {
  it("keeps the newest 50 posts, newest first, whatever order they come in", () => {
    const posts = Array.from({ length: 60 }, (_, i) => makePost(i)).reverse();
    const feed = buildRss(posts, SITE);
    expect(feed.items).toBe(RSS_MAX_ITEMS);
    const links = [...feed.xml.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]).slice(2);
    expect(links[0]).toBe(`${SITE.siteUrl}/blog/post-0`);
    expect(links.at(-1)).toBe(`${SITE.siteUrl}/blog/post-49`);
    expect(feed.xml).not.toContain("post-50");
  });

  it("lastBuildDate is the newest post's change, so the same posts give the same bytes", () => {
    const posts = [makePost(1), makePost(0, { updatedAt: "2026-11-21T18:30:00.000Z" })];
    const a = buildRss(posts, SITE);
    const b = buildRss([...posts].reverse(), SITE);
    expect(a.xml).toBe(b.xml);
    expect(a.lastBuildDate.toISOString()).toBe("2026-11-21T18:30:00.000Z");
    expect(a.xml).toContain("<lastBuildDate>Sat, 21 Nov 2026 18:30:00 GMT</lastBuildDate>");
  });

  it("escapes text and keeps CDATA safe when the content holds ]]>", () => {
    const post = makePost(0, {
      title: 'Volts & "amps" <live>',
      html: "<p>a ]]> b</p><script>]]></script>",
      author: "Jo (JJ) Smith",
    });
    const { xml } = buildRss([post], SITE);
    expect(xml).toContain("<title>Volts &amp; &quot;amps&quot; &lt;live&gt;</title>");
    expect(xml).toContain("<![CDATA[<p>a ]]]]><![CDATA[> b</p><script>]]]]><![CDATA[></script>]]>");
    expect(xml).toContain(`<author>${site.newsroomEmail} (Jo JJ Smith)</author>`);
  });

  it("an empty feed is still a valid channel", async () => {
    const feed = buildRss([], SITE, new Date("2026-01-01T00:00:00Z"));
    expect(feed.items).toBe(0);
    const parsed = parseRssFeed(feed.xml);
    expect(parsed.title).toBe(site.title);
    expect(parsed.items ?? []).toHaveLength(0);
  });

  describe("read back by two independent parsers", () => {
    const posts = Array.from({ length: 60 }, (_, i) => makePost(i));
    const { xml } = buildRss(posts, SITE);

    it("feedsmith: channel, self link, ttl, 144x144 image and every item element", () => {
      const feed = parseRssFeed(xml);
      expect(feed.title).toBe(site.title);
      expect(feed.description).toBe(site.description);
      expect(feed.link).toBe(`${SITE.siteUrl}/blog`);
      expect(feed.language).toBe("en-us");
      expect(feed.lastBuildDate).toBe("Sat, 21 Nov 2026 14:00:00 GMT");
      expect(feed.ttl).toBe(RSS_TTL_MINUTES);
      expect(feed.image).toMatchObject({
        url: `${SITE.siteUrl}${RSS_IMAGE.path}`,
        title: site.title,
        link: `${SITE.siteUrl}/blog`,
        width: 144,
        height: 144,
      });
      expect(feed.atom?.links).toContainEqual({
        href: `${SITE.siteUrl}/rss.xml`,
        rel: "self",
        type: "application/rss+xml",
      });
      expect(feed.items).toHaveLength(50);
      const first = feed.items?.[0];
      expect(first).toMatchObject({
        title: "Post number 0",
        link: `${SITE.siteUrl}/blog/post-0`,
        guid: { value: `${SITE.siteUrl}/blog/post-0`, isPermaLink: true },
        description: "What post 0 is about.",
        pubDate: "Sat, 21 Nov 2026 14:00:00 GMT",
        // RSS's author element is "e-mail (name)"; feedsmith splits it.
        authors: [{ email: site.newsroomEmail, name: "Maya Okafor" }],
        categories: [{ name: "Charging" }],
        enclosures: [{ url: `${SITE.siteUrl}/images/blog/post-0.png`, length: 1000, type: "image/png" }],
      });
      // content:encoded, with site-relative links made absolute for readers away from the site.
      expect(first?.content?.encoded).toBe(`<p>Body of post 0. <a href="${SITE.siteUrl}/faq">FAQ</a></p>`);
      expect(first?.dc?.creators).toEqual(["Maya Okafor"]);
    });

    it("rss-parser: the same elements, read its own way", async () => {
      type Channel = { ttl: string; image: unknown; lastBuildDate: string; language: string };
      type Item = { author: string; "content:encoded": string };
      const parser = new Parser<Channel, Item>({
        customFields: { feed: ["ttl", "image", "lastBuildDate", "language"], item: ["author"] },
      });
      const feed = await parser.parseString(xml);
      expect(feed.title).toBe(site.title);
      expect(feed.link).toBe(`${SITE.siteUrl}/blog`);
      expect(feed.description).toBe(site.description);
      expect(feed.language).toBe("en-us");
      expect(feed.lastBuildDate).toBe("Sat, 21 Nov 2026 14:00:00 GMT");
      expect(Number(feed.ttl)).toBe(60);
      // rss-parser gives a custom element's children as arrays.
      expect(feed.image).toMatchObject({
        url: [`${SITE.siteUrl}/images/rss-logo.png`],
        width: ["144"],
        height: ["144"],
      });
      expect(feed.items).toHaveLength(50);
      for (const item of feed.items) {
        expect(item.title).toBeTruthy();
        expect(item.link).toMatch(/^https:\/\/news\.example\/blog\/post-\d+$/);
        expect(item.guid).toBe(item.link);
        expect(item.contentSnippet || item.content).toBeTruthy();
        expect(item["content:encoded"]).toContain("<p>Body of post");
        expect(Number.isNaN(Date.parse(item.pubDate ?? ""))).toBe(false);
        expect(item.author).toBe(rssAuthor("Maya Okafor", site.newsroomEmail));
        expect(item.creator).toBe("Maya Okafor");
        expect(item.categories).toEqual(["Charging"]);
        expect(item.enclosure).toMatchObject({ type: "image/png" });
        expect(Number(item.enclosure?.length)).toBeGreaterThan(0);
      }
      const pubDates = feed.items.map((i) => Date.parse(i.pubDate ?? ""));
      expect([...pubDates].sort((a, b) => b - a)).toEqual(pubDates);
    });
  });
});
