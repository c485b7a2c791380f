import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FeedsConfig } from "../feeds/feeds-config.ts";
import type { FeedItem } from "../feeds/normalize.ts";
import { openDatabase } from "./db.server.ts";
import { createFeedStore, type FeedStore, toFtsQuery, toSegments } from "./feed-store.server.ts";

const A = "https://a.example/feed";
const B = "https://b.example/feed";
const config: FeedsConfig = new Map([
  ["local", [A]],
  ["sports", [A, B]],
]);

function item(position: number, fields: Partial<FeedItem> = {}): FeedItem {
  return {
    guid: `g-${position}`,
    position,
    title: `Title ${position}`,
    excerpt: `Excerpt ${position}`,
    content: `Content ${position}`,
    publishedAt: new Date(Date.UTC(2024, 4, 1, 12 - position)).toISOString(),
    dated: true,
    readTime: 1,
    ...fields,
  };
}

let dir: string;
let db: DatabaseSync;
let store: FeedStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "feed-store-"));
  db = openDatabase(dir);
  store = createFeedStore(db);
  store.syncFeeds(config);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("feeds", () => {
  it("syncs the configuration: each URL once, with its sections in the spec's order", () => {
    expect(store.feeds().map((f) => [f.url, f.sections, f.articleCount, f.consecutiveFailures])).toEqual([
      [A, ["local", "sports"], 0, 0],
      [B, ["sports"], 0, 0],
    ]);
  });

  it("drops feeds (and their articles) that leave the configuration", () => {
    store.saveSuccess(B, { items: [item(0)] }, "2024-05-01T00:00:00Z", "2024-05-01T00:10:00Z");
    store.syncFeeds(new Map([["local", [A]]]));
    expect(store.feeds().map((f) => f.url)).toEqual([A]);
    expect(store.articleCount(B)).toBe(0);
  });
});

describe("refresh bookkeeping", () => {
  it("a success replaces the items and records validators; a failure keeps them", () => {
    store.saveSuccess(
      A,
      { items: [item(0), item(1)], etag: '"v1"', lastModified: "Wed, 01 May 2024 10:00:00 GMT", title: "A" },
      "2024-05-01T10:00:00.000Z",
      "2024-05-01T10:10:00.000Z",
    );
    store.saveSuccess(
      A,
      { items: [item(0, { title: "New" })], etag: '"v2"' },
      "2024-05-01T10:10:00.000Z",
      "x",
    );
    expect(store.items(A).map((i) => i.title)).toEqual(["New"]);
    expect(store.feed(A)).toMatchObject({ etag: '"v2"', title: "A", consecutiveFailures: 0 });
    expect(store.feed(A)?.lastModified).toBeUndefined();

    expect(
      store.saveFailure(A, "HTTP error! status: 500", "2024-05-01T10:20:00.000Z", "2024-05-01T10:40:00.000Z"),
    ).toBe(1);
    expect(
      store.saveFailure(A, "Failed to parse RSS XML", "2024-05-01T10:40:00.000Z", "2024-05-01T11:20:00.000Z"),
    ).toBe(2);
    expect(store.items(A).map((i) => i.title)).toEqual(["New"]);
    expect(store.feed(A)).toMatchObject({
      lastError: "Failed to parse RSS XML",
      consecutiveFailures: 2,
      lastSuccessAt: "2024-05-01T10:10:00.000Z",
      lastAttemptAt: "2024-05-01T10:40:00.000Z",
      nextCheckAt: "2024-05-01T11:20:00.000Z",
    });

    store.saveNotModified(A, "2024-05-01T12:00:00.000Z", "2024-05-01T12:10:00.000Z");
    expect(store.feed(A)).toMatchObject({
      consecutiveFailures: 0,
      lastSuccessAt: "2024-05-01T12:00:00.000Z",
    });
    expect(store.feed(A)?.lastError).toBeUndefined();
    expect(store.items(A)).toHaveLength(1);
  });

  it("replaces atomically: a refresh that fails half-way leaves the previous items", () => {
    store.saveSuccess(A, { items: [item(0), item(1)] }, "t", "t");
    // Two items at one position violate UNIQUE(feed_url, position) after the first insert.
    const bad = [item(5), item(5)];
    expect(() => store.saveSuccess(A, { items: bad }, "t2", "t2")).toThrow();
    expect(store.items(A).map((i) => i.title)).toEqual(["Title 0", "Title 1"]);
    expect(store.feed(A)?.lastSuccessAt).toBe("t");
  });

  it("round-trips every field, optional ones absent when absent", () => {
    const full = item(0, {
      link: "https://a.example/1",
      imageUrl: "https://a.example/1.jpg",
      author: "Jane",
    });
    const { guid: _g, ...bare } = item(1);
    store.saveSuccess(A, { items: [full, bare] }, "t", "t");
    expect(store.items(A)).toEqual([full, bare]);
  });

  it("an undated item keeps the time it was first seen across refreshes", () => {
    const first = item(0, {
      dated: false,
      publishedAt: "2024-05-01T10:00:00.000Z",
      link: "https://a.example/u",
    });
    store.saveSuccess(A, { items: [first] }, "t", "t");
    store.saveSuccess(A, { items: [{ ...first, publishedAt: "2024-05-01T11:00:00.000Z" }] }, "t", "t");
    expect(store.items(A)[0]?.publishedAt).toBe("2024-05-01T10:00:00.000Z");
  });
});

describe("reading across feeds", () => {
  beforeEach(() => {
    store.saveSuccess(A, { items: [item(0), item(2)] }, "t", "t");
    store.saveSuccess(B, { items: [item(1, { guid: "b-1" }), item(3, { guid: "b-3" })] }, "t", "t");
  });

  it("latest: newest first, each placed in its feed's first section", () => {
    const latest = store.latest(3);
    expect(latest.map((p) => [p.item.guid, p.section, p.feedIndex])).toEqual([
      ["g-0", "local", undefined],
      ["b-1", "sports", 1],
      ["g-2", "local", undefined],
    ]);
  });

  it("newestPublishedAt: per section", () => {
    expect(store.newestPublishedAt("local")).toBe(item(0).publishedAt);
    expect(store.newestPublishedAt("sports")).toBe(item(0).publishedAt);
    expect(store.newestPublishedAt("world")).toBeUndefined();
  });
});

describe("search", () => {
  beforeEach(() => {
    store.saveSuccess(
      A,
      {
        items: [
          item(0, { title: "Solid-state battery breakthrough", excerpt: "A lab reports denser cells." }),
          item(1, { title: "Council budget", excerpt: "The battery of questions on the solid waste plan." }),
          item(2, { title: "Rail strike ends", excerpt: "Trains run again on Monday." }),
          item(3, { title: "Café électrique opens", excerpt: "Coffee and chargers." }),
        ],
      },
      "t",
      "t",
    );
  });

  it("finds words in titles and excerpts, best matches (titles) first, with marked segments", () => {
    const hits = store.search("battery", 10);
    expect(hits.map((h) => h.item.title)).toEqual(["Solid-state battery breakthrough", "Council budget"]);
    expect(hits[0]?.title).toEqual([
      { text: "Solid-state ", match: false },
      { text: "battery", match: true },
      { text: " breakthrough", match: false },
    ]);
    expect(hits[1]?.excerpt.filter((s) => s.match).map((s) => s.text)).toEqual(["battery"]);
    expect(hits[0]?.section).toBe("local");
  });

  it("requires every word, treats the last as a prefix, and ignores accents", () => {
    expect(store.search("solid batt", 10).map((h) => h.item.position)).toEqual([0, 1]);
    expect(store.search("electrique", 10).map((h) => h.item.position)).toEqual([3]);
    expect(store.search("rail battery", 10)).toEqual([]);
  });

  it("never throws on FTS syntax, and returns nothing for nothing", () => {
    for (const q of [
      '"',
      "battery OR",
      "AND",
      "title:battery",
      "(",
      "*",
      "NEAR(a b)",
      "-x",
      "'; DROP TABLE articles; --",
      "",
    ]) {
      expect(() => store.search(q, 10)).not.toThrow();
    }
    expect(store.search("   ", 10)).toEqual([]);
    // Punctuation around words is ignored rather than read as syntax.
    expect(store.search('"battery"', 10)).toHaveLength(2);
  });

  it("follows replaced items", () => {
    store.saveSuccess(A, { items: [item(0, { title: "Only hydrogen now", excerpt: "" })] }, "t", "t");
    expect(store.search("battery", 10)).toEqual([]);
    expect(store.search("hydrogen", 10)).toHaveLength(1);
  });
});

describe("toFtsQuery and toSegments", () => {
  it("quotes each word and makes the last a prefix", () => {
    expect(toFtsQuery('solid "state" OR batt*')).toBe('"solid" "state" "OR" "batt"*');
    expect(toFtsQuery("  ")).toBeUndefined();
    expect(toFtsQuery("ÉLAN vital")).toBe('"ÉLAN" "vital"*');
  });

  it("splits marked text into segments", () => {
    expect(toSegments("a \uE000b\uE001 c")).toEqual([
      { text: "a ", match: false },
      { text: "b", match: true },
      { text: " c", match: false },
    ]);
    expect(toSegments("")).toEqual([]);
    expect(toSegments("\uE000x\uE001\uE000y\uE001")).toEqual([{ text: "xy", match: true }]);
  });
});
