import { describe, expect, it } from "vitest";
import type { FeedItem } from "#server/ingest/normalize.ts";
import { buildSectionArticles, itemToArticle } from "./section-articles.ts";

function feedItems(feed: string, count: number, newest: string, stepMinutes: number): FeedItem[] {
  return Array.from({ length: count }, (_, position) => ({
    guid: `${feed}-${position}`,
    position,
    title: `${feed} ${position}`,
    excerpt: "",
    content: "",
    publishedAt: new Date(Date.parse(newest) - position * stepMinutes * 60_000).toISOString(),
    dated: true,
    readTime: 3,
  }));
}

describe("itemToArticle", () => {
  it("uses the guid as id, else {section}-{index}, else {section}-{feed}-{index} in merged sections", () => {
    const [item] = feedItems("x", 1, "2024-05-01T00:00:00Z", 1);
    if (!item) throw new Error("no item");
    expect(itemToArticle(item, "local").id).toBe("x-0");
    const { guid: _drop, ...noGuid } = { ...item, position: 7 };
    expect(itemToArticle(noGuid, "local").id).toBe("local-7");
    expect(itemToArticle(noGuid, "sports", 3).id).toBe("sports-3-7");
    // Read from the archive or search, without a place in its feed: the stored row's id.
    expect(itemToArticle({ ...noGuid, position: -1, storeId: 42 }, "local").id).toBe("local-a42");
    expect(itemToArticle({ ...noGuid, storeId: 42 }, "local").id).toBe("local-7");
  });

  it("uses the section's display name as category and copies optional fields only when present", () => {
    const [item] = feedItems("x", 1, "2024-05-01T00:00:00Z", 1);
    if (!item) throw new Error("no item");
    const article = itemToArticle({ ...item, link: "https://a.example/", author: "A" }, "realestate");
    expect(article.category).toBe("Real Estate & Housing");
    expect(article.section).toBe("realestate");
    expect(article.link).toBe("https://a.example/");
    expect(article.author).toBe("A");
    expect("imageUrl" in article).toBe(false);
  });
});

describe("buildSectionArticles", () => {
  it("single feed: the first `limit` items in the publisher's order; the first is featured", () => {
    const items = feedItems("one", 20, "2024-05-01T12:00:00Z", 10);
    // Publisher order is kept even when it is not newest first.
    [items[0], items[1]] = [items[1] as FeedItem, items[0] as FeedItem];
    const articles = buildSectionArticles("local", [items], 15);
    expect(articles).toHaveLength(15);
    expect(articles.map((a) => a.title).slice(0, 3)).toEqual(["one 1", "one 0", "one 2"]);
    expect(articles.filter((a) => a.featured).map((a) => a.title)).toEqual(["one 1"]);
  });

  it("several feeds: ceil(limit / feeds) from each, merged newest first, cut to the limit", () => {
    const feeds = ["baseball", "tennis", "golf", "hockey", "soccer"].map((name, k) =>
      feedItems(name, 10, `2024-05-01T12:0${k}:00Z`, 60),
    );
    const articles = buildSectionArticles("sports", feeds, 15);
    expect(articles).toHaveLength(15);
    // ceil(15 / 5) = 3 from each feed.
    for (const name of ["baseball", "tennis", "golf", "hockey", "soccer"]) {
      expect(articles.filter((a) => a.title.startsWith(name))).toHaveLength(3);
    }
    const times = articles.map((a) => a.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(articles[0]?.title).toBe("soccer 0");
    expect(articles[0]?.featured).toBe(true);
    expect(articles.slice(1).some((a) => a.featured)).toBe(false);
    expect(articles.every((a) => a.category === "Sports")).toBe(true);
  });

  it("rounds the share up: limit 5 over 3 feeds takes 2 from each, then cuts to 5", () => {
    const feeds = ["a", "b", "c"].map((n, k) => feedItems(n, 5, `2024-05-01T1${k}:00:00Z`, 1));
    const articles = buildSectionArticles("automotive", feeds, 5);
    expect(articles).toHaveLength(5);
    expect(articles.map((a) => a.title)).toEqual(["c 0", "c 1", "b 0", "b 1", "a 0"]);
  });

  it("a failed feed counts towards the share but contributes nothing", () => {
    const feeds = [
      feedItems("a", 10, "2024-05-01T10:00:00Z", 1),
      [],
      feedItems("c", 10, "2024-05-01T09:00:00Z", 1),
    ];
    const articles = buildSectionArticles("automotive", feeds, 15);
    expect(articles).toHaveLength(10);
  });

  it("keeps ids unique: merged feeds without guids, and a story two feeds share", () => {
    const strip = (items: FeedItem[]) => items.map(({ guid: _g, ...rest }) => rest);
    const feeds = [
      strip(feedItems("a", 3, "2024-05-01T10:00:00Z", 1)),
      strip(feedItems("b", 3, "2024-05-01T09:00:00Z", 1)),
    ];
    const ids = buildSectionArticles("sports", feeds, 6).map((a) => a.id);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toContain("sports-0-0");
    expect(ids).toContain("sports-1-2");
    const shared = feedItems("same", 2, "2024-05-01T10:00:00Z", 1);
    const merged = buildSectionArticles("sports", [shared, shared], 10);
    expect(merged.map((a) => a.id)).toEqual(["same-0", "same-1"]);
  });

  it("shows two publishers' different stories that share a guid (13.9)", () => {
    const a = feedItems("a", 1, "2024-05-01T10:00:00Z", 1).map((i) => ({
      ...i,
      guid: "1",
      link: "https://a.example/1",
    }));
    const b = feedItems("b", 1, "2024-05-01T09:00:00Z", 1).map((i) => ({
      ...i,
      guid: "1",
      link: "https://b.example/1",
    }));
    const merged = buildSectionArticles("sports", [a, b], 10);
    expect(merged.map((a) => [a.id, a.title])).toEqual([
      ["1", "a 0"],
      ["sports-1-1", "b 0"],
    ]);
  });

  it("is empty when there is nothing, with nothing featured", () => {
    expect(buildSectionArticles("local", [[]], 15)).toEqual([]);
    expect(buildSectionArticles("sports", [[], []], 15)).toEqual([]);
  });
});
