import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FeedItem, type FeedsConfig, SEARCH_RANKED } from "./feed-store.ts";
import { archivePage as postgresArchivePage } from "./postgres/feed-store.server.ts";
import { openDatabase } from "./sqlite/db.server.ts";
import { MERGE_FEEDS } from "./sqlite/feed-rows.server.ts";
import { archivePage, createFeedStore, type FeedStore, toFtsQuery } from "./sqlite/feed-store.server.ts";
import { openTestStore, storeKinds, type TestStore } from "./testing/stores.ts";

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

// The same rules on both stores: every case below runs on SQLite and on PostgreSQL.
describe.each(await storeKinds())("the feed store on %s", (kind) => {
  let t: TestStore;
  let store: FeedStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
    store = t.store.feeds;
    await store.syncFeeds(config);
  });
  afterEach(() => t.dispose());

  describe("feeds", () => {
    it("syncs the configuration: each URL once, with its sections in the spec's order", async () => {
      expect(
        (await store.feeds()).map((f) => [f.url, f.sections, f.articleCount, f.consecutiveFailures]),
      ).toEqual([
        [A, ["local", "sports"], 0, 0],
        [B, ["sports"], 0, 0],
      ]);
    });

    it("tells in one read whether any of the given feeds was ever reached (a failure is not)", async () => {
      expect(await store.anyReached([A, B])).toBe(false);
      await store.saveFailure(A, "HTTP error! status: 500", "2024-05-01T00:00:00Z", "2024-05-01T00:10:00Z");
      expect(await store.anyReached([A, B])).toBe(false);
      await store.saveSuccess(B, { items: [item(0)] }, "2024-05-01T00:00:00Z", "2024-05-01T00:10:00Z");
      expect(await store.anyReached([A, B])).toBe(true);
      expect(await store.anyReached([A])).toBe(false);
      expect(await store.anyReached([])).toBe(false);
    });

    it("drops feeds (and their articles) that leave the configuration", async () => {
      await store.saveSuccess(B, { items: [item(0)] }, "2024-05-01T00:00:00Z", "2024-05-01T00:10:00Z");
      await store.syncFeeds(new Map([["local", [A]]]));
      expect((await store.feeds()).map((f) => f.url)).toEqual([A]);
      expect(await store.articleCount(B)).toBe(0);
    });

    it("without pruning only adds: other feeds, their articles and the sections stay as they were", async () => {
      const C = "https://c.example/feed";
      await store.saveSuccess(B, { items: [item(0)] }, "2024-05-01T00:00:00Z", "2024-05-01T00:10:00Z");
      await store.syncFeeds(new Map([["world", [C, A]]]), { prune: false });
      expect((await store.feeds()).map((f) => [f.url, f.sections, f.articleCount])).toEqual([
        [A, ["local", "sports"], 0],
        [B, ["sports"], 1],
        [C, [], 0],
      ]);
      expect((await store.sectionItems("sports", 5)).map((items) => items.length)).toEqual([0, 1]);
    });

    it("without pruning, a store with no sections yet gets the configuration's", async () => {
      const fresh = await openTestStore(kind);
      try {
        await fresh.store.feeds.syncFeeds(config, { prune: false });
        expect((await fresh.store.feeds.feeds()).map((f) => [f.url, f.sections])).toEqual([
          [A, ["local", "sports"]],
          [B, ["sports"]],
        ]);
      } finally {
        await fresh.dispose();
      }
    });
  });

  describe("refresh bookkeeping", () => {
    it("a success replaces the items and records validators; a failure keeps them", async () => {
      await store.saveSuccess(
        A,
        {
          items: [item(0), item(1)],
          etag: '"v1"',
          lastModified: "Wed, 01 May 2024 10:00:00 GMT",
          title: "A",
        },
        "2024-05-01T10:00:00.000Z",
        "2024-05-01T10:10:00.000Z",
      );
      await store.saveSuccess(
        A,
        { items: [item(0, { title: "New" })], etag: '"v2"' },
        "2024-05-01T10:10:00.000Z",
        "x",
      );
      expect((await store.items(A)).map((i) => i.title)).toEqual(["New"]);
      expect(await store.feed(A)).toMatchObject({ etag: '"v2"', title: "A", consecutiveFailures: 0 });
      expect((await store.feed(A))?.lastModified).toBeUndefined();

      expect(
        await store.saveFailure(
          A,
          "HTTP error! status: 500",
          "2024-05-01T10:20:00.000Z",
          "2024-05-01T10:40:00.000Z",
        ),
      ).toBe(1);
      expect(
        await store.saveFailure(
          A,
          "Failed to parse RSS XML",
          "2024-05-01T10:40:00.000Z",
          "2024-05-01T11:20:00.000Z",
        ),
      ).toBe(2);
      expect((await store.items(A)).map((i) => i.title)).toEqual(["New"]);
      expect(await store.feed(A)).toMatchObject({
        lastError: "Failed to parse RSS XML",
        consecutiveFailures: 2,
        lastSuccessAt: "2024-05-01T10:10:00.000Z",
        lastAttemptAt: "2024-05-01T10:40:00.000Z",
        nextCheckAt: "2024-05-01T11:20:00.000Z",
      });

      await store.saveNotModified(A, "2024-05-01T12:00:00.000Z", "2024-05-01T12:10:00.000Z");
      expect(await store.feed(A)).toMatchObject({
        consecutiveFailures: 0,
        lastSuccessAt: "2024-05-01T12:00:00.000Z",
      });
      expect((await store.feed(A))?.lastError).toBeUndefined();
      expect(await store.items(A)).toHaveLength(1);
    });

    it("replaces atomically: a refresh that fails half-way leaves the previous items", async () => {
      await store.saveSuccess(A, { items: [item(0), item(1)] }, "t", "t");
      // The second item breaks NOT NULL after the first was written.
      const bad = [item(5), item(6, { title: null as unknown as string })];
      await expect(store.saveSuccess(A, { items: bad }, "t2", "t2")).rejects.toThrow(/NOT NULL|not-null/);
      expect((await store.items(A)).map((i) => i.title)).toEqual(["Title 0", "Title 1"]);
      expect((await store.feed(A))?.lastSuccessAt).toBe("t");
    });

    it("round-trips every field, optional ones absent when absent", async () => {
      const full = item(0, {
        link: "https://a.example/1",
        imageUrl: "https://a.example/1.jpg",
        author: "Jane",
      });
      const { guid: _g, ...bare } = item(1);
      await store.saveSuccess(A, { items: [full, bare] }, "t", "t");
      const stored = await store.items(A);
      expect(stored.map(({ storeId: _id, ...rest }) => rest)).toEqual([
        { ...full, publisher: "a.example" },
        { ...bare, publisher: "a.example" },
      ]);
      expect(stored.every((i) => Number.isInteger(i.storeId))).toBe(true);
    });

    it("an undated item keeps the time it was first seen across refreshes", async () => {
      const first = item(0, {
        dated: false,
        publishedAt: "2024-05-01T10:00:00.000Z",
        link: "https://a.example/u",
      });
      await store.saveSuccess(A, { items: [first] }, "t", "t");
      await store.saveSuccess(
        A,
        { items: [{ ...first, publishedAt: "2024-05-01T11:00:00.000Z" }] },
        "t",
        "t",
      );
      expect((await store.items(A))[0]?.publishedAt).toBe("2024-05-01T10:00:00.000Z");
    });
  });

  describe("publishers", () => {
    const named: FeedsConfig = Object.assign(
      new Map([
        ["local", [A]],
        ["sports", [A, B]],
      ] as const),
      { names: new Map([[B, "Bravo Sports Desk"]]) },
    );
    const publishers = (items: { item: FeedItem }[]) => items.map((p) => [p.item.guid, p.item.publisher]);

    beforeEach(async () => {
      await store.syncFeeds(named);
      await store.saveSuccess(A, { items: [item(0), item(2)], title: "Alpha Gazette" }, "t", "t");
      await store.saveSuccess(B, { items: [item(1, { guid: "b-1" })], title: "Bravo feed title" }, "t", "t");
    });

    it("every read names the publisher: the feed list's name, else the channel title", async () => {
      expect((await store.items(A)).map((i) => i.publisher)).toEqual(["Alpha Gazette", "Alpha Gazette"]);
      expect((await store.sectionItems("sports", 5)).map((l) => l.map((i) => i.publisher))).toEqual([
        ["Alpha Gazette", "Alpha Gazette"],
        ["Bravo Sports Desk"],
      ]);
      expect(publishers(await store.latest(3))).toEqual([
        ["g-0", "Alpha Gazette"],
        ["b-1", "Bravo Sports Desk"],
        ["g-2", "Alpha Gazette"],
      ]);
      expect(publishers(await store.sectionArchive("sports", 10, 0))).toEqual([
        ["g-0", "Alpha Gazette"],
        ["b-1", "Bravo Sports Desk"],
        ["g-2", "Alpha Gazette"],
      ]);
      expect(publishers(await store.search("title", 10))).toEqual([
        ["g-0", "Alpha Gazette"],
        ["b-1", "Bravo Sports Desk"],
        ["g-2", "Alpha Gazette"],
      ]);
      expect((await store.feed(B))?.name).toBe("Bravo Sports Desk");
      expect((await store.feed(B))?.title).toBe("Bravo feed title");
    });

    it("a feed with neither is named by its host; a name taken off the list goes with it", async () => {
      await store.syncFeeds(config);
      await store.saveSuccess(A, { items: [item(0)] }, "t", "t");
      // A refresh without a title keeps the one the feed gave before.
      expect((await store.items(A))[0]?.publisher).toBe("Alpha Gazette");
      expect((await store.items(B))[0]?.publisher).toBe("Bravo feed title");
      const fresh = await openTestStore(kind);
      try {
        await fresh.store.feeds.syncFeeds(config);
        await fresh.store.feeds.saveSuccess(B, { items: [item(1)] }, "t", "t");
        expect((await fresh.store.feeds.items(B))[0]?.publisher).toBe("b.example");
      } finally {
        await fresh.dispose();
      }
    });

    it("without pruning, a name is given to feeds it adds, never changed on others", async () => {
      const C = "https://c.example/feed";
      const other: FeedsConfig = Object.assign(new Map([["world", [C, B]]] as const), {
        names: new Map([
          [C, "Charlie News"],
          [B, "Renamed by a CLI"],
        ]),
      });
      await store.syncFeeds(other, { prune: false });
      expect((await store.feed(C))?.name).toBe("Charlie News");
      expect((await store.feed(B))?.name).toBe("Bravo Sports Desk");
    });
  });

  describe("reading across feeds", () => {
    beforeEach(async () => {
      await store.saveSuccess(A, { items: [item(0), item(2)] }, "t", "t");
      await store.saveSuccess(B, { items: [item(1, { guid: "b-1" }), item(3, { guid: "b-3" })] }, "t", "t");
    });

    it("latest: newest first, each placed in its feed's first section", async () => {
      const latest = await store.latest(3);
      expect(latest.map((p) => [p.item.guid, p.section, p.feedIndex])).toEqual([
        ["g-0", "local", undefined],
        ["b-1", "sports", 1],
        ["g-2", "local", undefined],
      ]);
    });

    it("newestPublishedAt: per section", async () => {
      expect(await store.newestPublishedAt("local")).toBe(item(0).publishedAt);
      expect(await store.newestPublishedAt("sports")).toBe(item(0).publishedAt);
      expect(await store.newestPublishedAt("world")).toBeUndefined();
    });
  });

  describe("search", () => {
    beforeEach(async () => {
      await store.saveSuccess(
        A,
        {
          items: [
            item(0, { title: "Solid-state battery breakthrough", excerpt: "A lab reports denser cells." }),
            item(1, {
              title: "Council budget",
              excerpt: "The battery of questions on the solid waste plan.",
            }),
            item(2, { title: "Rail strike ends", excerpt: "Trains run again on Monday." }),
            item(3, { title: "Café électrique opens", excerpt: "Coffee and chargers." }),
          ],
        },
        "t",
        "t",
      );
    });

    it("finds words in titles and excerpts, best matches (titles) first, with marked segments", async () => {
      const hits = await store.search("battery", 10);
      expect(hits.map((h) => h.item.title)).toEqual(["Solid-state battery breakthrough", "Council budget"]);
      expect(hits[0]?.title).toEqual([
        { text: "Solid-state ", match: false },
        { text: "battery", match: true },
        { text: " breakthrough", match: false },
      ]);
      expect(hits[1]?.excerpt.filter((s) => s.match).map((s) => s.text)).toEqual(["battery"]);
      expect(hits[0]?.section).toBe("local");
    });

    it("ranks a title match before excerpt-only ones, even older and with the word repeated", async () => {
      // Newest first: two excerpt-only matches (one says it three times), then the title match.
      const at = (hour: number) => new Date(Date.UTC(2024, 5, 1, hour)).toISOString();
      await store.saveSuccess(
        B,
        {
          items: [
            item(0, {
              guid: "e-1",
              title: "Grid operators meet",
              excerpt: "Battery storage, battery prices and battery recycling were on the agenda.",
              publishedAt: at(12),
            }),
            item(1, {
              guid: "e-2",
              title: "Weekend traffic",
              excerpt: "A battery fire closed a lane.",
              publishedAt: at(11),
            }),
            item(2, {
              guid: "t-1",
              title: "Battery swap stations open",
              excerpt: "Two sites.",
              publishedAt: at(1),
            }),
          ],
        },
        "t",
        "t",
      );
      const hits = (await store.search("battery", 10)).map((h) => h.item.guid);
      // The title matches (t-1, and A's g-0) come before every excerpt-only one, then newest first.
      expect(hits.slice(0, 2).sort()).toEqual(["g-0", "t-1"]);
      expect(hits.slice(2).sort()).toEqual(["e-1", "e-2", "g-1"]);
    });

    it("requires every word, treats the last as a prefix, and ignores accents", async () => {
      expect((await store.search("solid batt", 10)).map((h) => h.item.guid)).toEqual(["g-0", "g-1"]);
      expect((await store.search("electrique", 10)).map((h) => h.item.guid)).toEqual(["g-3"]);
      expect(await store.search("rail battery", 10)).toEqual([]);
    });

    it("never throws on FTS syntax, and returns nothing for nothing", async () => {
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
        await expect(store.search(q, 10)).resolves.toBeInstanceOf(Array);
      }
      expect(await store.search("   ", 10)).toEqual([]);
      // Punctuation around words is ignored rather than read as syntax.
      expect(await store.search('"battery"', 10)).toHaveLength(2);
    });

    it("keeps items that left the feed searchable, and follows changed ones", async () => {
      await store.saveSuccess(A, { items: [item(0, { title: "Only hydrogen now", excerpt: "" })] }, "t", "t");
      expect((await store.search("battery", 10)).map((h) => h.item.title)).toEqual(["Council budget"]);
      expect(await store.search("hydrogen", 10)).toHaveLength(1);
      expect((await store.items(A)).map((i) => i.title)).toEqual(["Only hydrogen now"]);
    });

    it("searches a last word of one or two letters as a word, from three as a prefix", async () => {
      expect(await store.search("ba", 10)).toEqual([]);
      expect((await store.search("bat", 10)).map((h) => h.item.title)).toEqual([
        "Solid-state battery breakthrough",
        "Council budget",
      ]);
      // "a" is a word of "A lab reports…": found as itself, marked as itself (not "and", "again").
      const a = await store.search("lab a", 10);
      expect(a.map((h) => h.item.title)).toEqual(["Solid-state battery breakthrough"]);
      expect(a[0]?.excerpt.filter((s) => s.match).map((s) => s.text)).toEqual(["A", "lab"]);
    });

    it("ranks the newest SEARCH_RANKED matches: a word in every article costs what a rarer one does", async () => {
      const oldest = item(0, { guid: "oldest", title: "Seeded oldest unique", excerpt: "" });
      await store.saveSuccess(B, { items: [oldest] }, "t", "t");
      const many = Array.from({ length: SEARCH_RANKED }, (_, n) =>
        item(n, { guid: `s-${n}`, title: `Seeded story ${n}`, excerpt: "" }),
      );
      await store.saveSuccess(A, { items: many }, "t", "t");
      // More than SEARCH_RANKED match: the ranked ones end there, the oldest is not among them.
      expect(await store.search("seeded", 10, SEARCH_RANKED)).toEqual([]);
      const last = await store.search("seeded", 10, SEARCH_RANKED - 3);
      expect(last).toHaveLength(3);
      expect(last.map((h) => h.item.guid)).not.toContain("oldest");
      // A narrower search still finds it.
      expect((await store.search("seeded unique", 10)).map((h) => h.item.guid)).toEqual(["oldest"]);
      // The count is bounded as the ranking is: past it, a floor that says so.
      expect(await store.searchCount("seeded")).toEqual({ total: SEARCH_RANKED, capped: true });
      expect(await store.searchCount("story")).toEqual({ total: SEARCH_RANKED, capped: false });
      expect(await store.searchCount("seeded unique")).toEqual({ total: 1, capped: false });
    }, 60_000);

    it("counts the stories a search matches, a repeated link once, and nothing for odd input", async () => {
      expect(await store.searchCount("battery")).toEqual({ total: 2, capped: false });
      expect(await store.searchCount("solid batt")).toEqual({ total: 2, capped: false });
      expect(await store.searchCount("rail battery")).toEqual({ total: 0, capped: false });
      expect(await store.searchCount("   ")).toEqual({ total: 0, capped: false });
      for (const q of ['"', "battery OR", "AND", "title:battery", "(", "*", "'; DROP TABLE articles; --"]) {
        await expect(store.searchCount(q), q).resolves.toMatchObject({ capped: false });
      }
      // Two feeds carry the same story (one link): search lists it once, and the count agrees.
      const link = "https://news.example/battery-story";
      await store.saveSuccess(A, { items: [item(0, { title: "Battery plant opens", link })] }, "t", "t");
      await store.saveSuccess(B, { items: [item(0, { title: "Battery plant opens", link })] }, "t", "t");
      expect(await store.search("plant", 10)).toHaveLength(1);
      expect(await store.searchCount("plant")).toEqual({ total: 1, capped: false });
      expect(await store.searchCount("battery")).toEqual({
        total: (await store.search("battery", 10)).length,
        capped: false,
      });
    });

    it("pages one story once: repeats across feeds leave no short page and no repeat on the next", async () => {
      const story = (n: number) =>
        item(n, {
          guid: `z-${n}`,
          title: `Zebra crossing story ${n}`,
          excerpt: "",
          link: `https://news.example/z/${n}`,
        });
      await store.saveSuccess(A, { items: Array.from({ length: 30 }, (_, n) => story(n)) }, "t", "t");
      // Feed B carries ten of the same stories (the same links) under its own guids.
      const repeats = Array.from({ length: 10 }, (_, n) => ({ ...story(n), guid: `b-${n}` }));
      await store.saveSuccess(B, { items: repeats }, "t", "t");
      expect(await store.searchCount("zebra")).toEqual({ total: 30, capped: false });
      const first = await store.search("zebra", 21, 0);
      expect(first).toHaveLength(21);
      const second = await store.search("zebra", 21, 20);
      expect(second).toHaveLength(10);
      const links = [...first.slice(0, 20), ...second].map((h) => h.item.link);
      expect(new Set(links).size).toBe(30);
      expect(await store.search("zebra", 21, 30)).toEqual([]);
    });

    it("pages through results with an offset", async () => {
      const all = (await store.search("battery", 10)).map((h) => h.item.title);
      const pages = [...(await store.search("battery", 1, 0)), ...(await store.search("battery", 1, 1))];
      expect(pages.map((h) => h.item.title)).toEqual(all);
      expect(await store.search("battery", 1, 2)).toEqual([]);
    });
  });

  describe("the archive", () => {
    const at = "2024-05-01T12:00:00.000Z";

    it("upserts by (feed, guid): unchanged items are not rewritten, departed ones stay stored", async () => {
      expect(await store.saveSuccess(A, { items: [item(0), item(1)] }, at, at)).toEqual({ changed: true });
      const ids = () => t.sql("SELECT id, guid FROM articles ORDER BY id");
      const before = await ids();
      expect(await store.saveSuccess(A, { items: [item(0), item(1)] }, at, at)).toEqual({ changed: false });
      expect(await ids()).toEqual(before);
      // A new item on top: the others move down, keep their rows, and one leaves the listing.
      await store.saveSuccess(A, { items: [item(0, { guid: "new" }), { ...item(0), position: 1 }] }, at, at);
      expect((await store.items(A)).map((i) => i.guid)).toEqual(["new", "g-0"]);
      expect(await store.articleCount(A)).toBe(3);
      expect(await ids()).toEqual([...before, expect.objectContaining({ guid: "new" })]);
      // g-1 left the feed but is in the section's archive, newest first.
      expect((await store.sectionArchive("local", 10, 0)).map((p) => p.item.guid)).toEqual([
        "new",
        "g-0",
        "g-1",
      ]);
      expect((await store.sectionArchive("local", 1, 2)).map((p) => p.item.guid)).toEqual(["g-1"]);
      // Leaving out what the first page shows (each feed's first N current items).
      expect((await store.sectionArchive("local", 10, 0, 1)).map((p) => p.item.guid)).toEqual(["g-0", "g-1"]);
    });

    it("pages a section of many feeds (more than one statement merges) without skipping or repeating an item", async () => {
      const feeds = Array.from({ length: MERGE_FEEDS + 5 }, (_, n) => `https://f${n}.example/feed`);
      await store.syncFeeds(new Map([["world", feeds]]));
      for (const [n, url] of feeds.entries()) {
        // Few distinct times: most items tie with other feeds' (the id decides among them).
        const times = [0, 1, 2].map((k) => new Date(Date.UTC(2024, 4, 1, (n + k) % 4)).toISOString());
        await store.saveSuccess(
          url,
          { items: times.map((publishedAt, k) => item(k, { publishedAt })) },
          at,
          at,
        );
      }
      // Page 1 shows each feed's first current item; the archive is the rest, newest first.
      const rows = await t.sql("SELECT id, guid, feed_url, published_at FROM articles");
      const expected = rows
        .filter((r) => r.guid !== "g-0")
        .sort((a, b) =>
          a.published_at === b.published_at
            ? Number(b.id) - Number(a.id)
            : String(a.published_at) < String(b.published_at)
              ? 1
              : -1,
        )
        .map((r) => `${r.feed_url} ${r.guid}`);
      const paged: string[] = [];
      for (let offset = 0; offset < expected.length + 7; offset += 7) {
        const page = await store.sectionArchive("world", 7, offset, 1);
        paged.push(...page.map((p) => `${feeds[p.feedIndex ?? -1]} ${p.item.guid}`));
      }
      expect(paged).toEqual(expected);
    }, 60_000);

    it("reads an archive page by merging its feeds, each read only as far as the page needs (ADR 0011)", async () => {
      const urls = ["https://f1.example/feed", "https://f2.example/feed", "https://f3.example/feed"];
      await store.syncFeeds(new Map([["world", urls]]));
      const items = Array.from({ length: 400 }, (_, n) => item(n, { guid: `g-${n}` }));
      for (const url of urls) await store.saveSuccess(url, { items }, at, at);
      if (kind === "sqlite") {
        const plan = (await t.sql(`EXPLAIN QUERY PLAN ${archivePage(3)}`, [5, 16, 1485, ...urls]))
          .map((r) => String(r.detail))
          .join("\n");
        // Each feed through its index, merged: no sort of the section's rows, whatever the page.
        expect(plan).toMatch(/MERGE \(UNION ALL\)/);
        expect(plan.match(/USING INDEX articles_feed_order/g)).toHaveLength(3);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      } else {
        await t.sql("ANALYZE articles");
        const plan = (await t.sql(`EXPLAIN ${postgresArchivePage(3)}`, [5, 1501, 16, 1485, ...urls]))
          .map((r) => String(r["QUERY PLAN"]))
          .join("\n");
        // A merge of the feeds, each cut at the rows the page can need (a table this small is read
        // whole per feed; a big one through articles_feed_order: ADR 0011's figures).
        expect(plan).toMatch(/Merge Append/);
        expect(plan.match(/->\s+Limit/g)?.length).toBeGreaterThanOrEqual(3);
      }
    });

    it("new items on top write only their own rows; the listing and page 2 stay in feed order", async () => {
      await store.saveSuccess(A, { items: [0, 1, 2, 3, 4].map((n) => item(n)) }, at, at);
      const positions = async () =>
        Object.fromEntries(
          (await t.sql("SELECT guid, position FROM articles")).map((r) => [r.guid, r.position]),
        );
      const before = await positions();
      const fresh = [item(0, { guid: "n1" }), item(0, { guid: "n2" })];
      await store.saveSuccess(A, { items: [...fresh, ...[0, 1, 2].map((n) => item(n))] }, at, at);
      const after = await positions();
      // The items still listed keep their stored positions: no row but the new ones was written.
      expect([after["g-0"], after["g-1"], after["g-2"]]).toEqual([
        before["g-0"],
        before["g-1"],
        before["g-2"],
      ]);
      expect([after["g-3"], after["g-4"]]).toEqual([null, null]);
      expect((await store.items(A)).map((i) => [i.guid, i.position])).toEqual([
        ["n1", 0],
        ["n2", 1],
        ["g-0", 2],
        ["g-1", 3],
        ["g-2", 4],
      ]);
      // Page 2 leaves out each feed's first 3 current items, whatever keys they are stored under.
      expect((await store.sectionArchive("local", 10, 0, 3)).map((p) => p.item.guid).sort()).toEqual([
        "g-1",
        "g-2",
        "g-3",
        "g-4",
      ]);
      expect(await store.hasArchive("local", 5)).toBe(true);
      // A reordered listing is followed too.
      await store.saveSuccess(A, { items: [2, 0, 1].map((n) => item(n)) }, at, at);
      expect((await store.items(A)).map((i) => i.guid)).toEqual(["g-2", "g-0", "g-1"]);
      expect((await store.sectionItems("local", 2)).map((l) => l.map((i) => i.guid))).toEqual([
        ["g-2", "g-0"],
      ]);
    });

    it("ids are per feed: two publishers' items with one guid are both kept (13.9)", async () => {
      await store.saveSuccess(A, { items: [item(0, { guid: "same", title: "From A" })] }, at, at);
      await store.saveSuccess(B, { items: [item(0, { guid: "same", title: "From B" })] }, at, at);
      expect((await store.items(A)).map((i) => i.title)).toEqual(["From A"]);
      expect((await store.items(B)).map((i) => i.title)).toEqual(["From B"]);
      expect((await store.latest(5)).map((p) => p.item.title).sort()).toEqual(["From A", "From B"]);
      expect((await store.sectionItems("sports", 5)).map((l) => l.map((i) => i.title))).toEqual([
        ["From A"],
        ["From B"],
      ]);
    });

    it("a date more than a day ahead becomes the time the item was first seen (13.8)", async () => {
      const future = item(0, { publishedAt: "9999-12-31T00:00:00.000Z" });
      const soon = item(1, { publishedAt: "2024-05-02T06:00:00.000Z" });
      await store.saveSuccess(A, { items: [future, soon] }, at, at);
      await store.saveSuccess(A, { items: [future, soon] }, "2024-05-01T13:00:00.000Z", at);
      expect((await store.items(A)).map((i) => i.publishedAt)).toEqual([at, "2024-05-02T06:00:00.000Z"]);
    });

    it("a date exactly a day ahead is kept; a millisecond more is not", async () => {
      const day = item(0, { publishedAt: "2024-05-02T12:00:00.000Z" });
      const past = item(1, { publishedAt: "2024-05-02T12:00:00.001Z" });
      await store.saveSuccess(A, { items: [day, past] }, at, at);
      expect((await store.items(A)).map((i) => i.publishedAt)).toEqual(["2024-05-02T12:00:00.000Z", at]);
    });

    it("sectionItems: the first N current items of each feed, in configuration order", async () => {
      await store.saveSuccess(A, { items: [item(0), item(1), item(2)] }, at, at);
      expect((await store.sectionItems("sports", 2)).map((l) => l.map((i) => i.position))).toEqual([
        [0, 1],
        [],
      ]);
      expect((await store.sectionItems("local", 5)).map((l) => l.length)).toEqual([3]);
    });

    it("prunes archived items older than the cut-off in batches, never current ones", async () => {
      await store.saveSuccess(A, { items: [0, 1, 2, 3, 4].map((n) => item(n)) }, at, at);
      await store.saveSuccess(A, { items: [item(0)] }, at, at);
      expect(await store.pruneArchive("2024-05-01T09:30:00.000Z", 10)).toBe(2);
      expect(await store.pruneArchive("2030-01-01T00:00:00.000Z", 1)).toBe(1);
      expect(await store.pruneArchive("2030-01-01T00:00:00.000Z", 10)).toBe(1);
      expect((await store.items(A)).map((i) => i.guid)).toEqual(["g-0"]);
      expect(await store.articleCount(A)).toBe(1);
      expect(await store.search("Title", 10)).toHaveLength(1);
    });
  });
});

describe("a write SQLite discards when it commits (13.4)", () => {
  it("saveFailure rejects instead of reporting the discarded count", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "feed-store-"));
    const db = openDatabase(dir);
    try {
      const store = createFeedStore(db);
      await store.syncFeeds(config);
      // A disk that fills up refuses the write when the statement commits, after the UPDATE's
      // RETURNING row is out (max_page_count fails earlier, at the UPDATE itself, so cannot show
      // this). A deferred foreign key fails at that same point: the write is rolled back there.
      db.exec(`CREATE TABLE fault_parent (id INTEGER PRIMARY KEY);
        CREATE TABLE fault_child (parent INTEGER REFERENCES fault_parent DEFERRABLE INITIALLY DEFERRED);
        CREATE TEMP TRIGGER fault AFTER UPDATE ON main.feeds BEGIN INSERT INTO fault_child VALUES (1); END;`);
      await expect(store.saveFailure(A, "HTTP 500", "2024-05-01T10:00:00.000Z", "x")).rejects.toThrow(
        /FOREIGN KEY constraint failed/,
      );
      expect(await store.feed(A)).toMatchObject({ consecutiveFailures: 0 });
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("toFtsQuery", () => {
  it("quotes each word and makes the last a prefix", async () => {
    expect(toFtsQuery('solid "state" OR batt*')).toBe('"solid" "state" "OR" "batt"*');
    expect(toFtsQuery("  ")).toBeUndefined();
    expect(toFtsQuery("ÉLAN vital")).toBe('"ÉLAN" "vital"*');
    // A one- or two-letter last word is a word, not a prefix of hundreds of terms.
    expect(toFtsQuery("electric ca")).toBe('"electric" "ca"');
    expect(toFtsQuery("car")).toBe('"car"*');
  });
});

// Feeds are shared by URL; each publication reads its own list (ADR 0017).
describe.each(await storeKinds())("publications sharing the feed store on %s", (kind) => {
  let t: TestStore;
  let store: FeedStore;
  const C = "https://c.example/feed";
  const at = "2024-05-01T12:00:00.000Z";
  const harbour: FeedsConfig = Object.assign(
    new Map([
      ["local", [A]],
      ["world", [A, C]],
    ]) as FeedsConfig,
    { names: new Map([[A, "Harbour's name for A"]]) },
  );
  const ledger: FeedsConfig = new Map([
    ["local", [B]],
    ["sports", [A]],
  ]);
  const lists = () =>
    new Map([
      ["harbour", harbour],
      ["ledger", ledger],
    ]);
  beforeEach(async () => {
    t = await openTestStore(kind);
    store = t.store.feeds;
    expect((await store.syncPublications(lists())).written.sort()).toEqual(["harbour", "ledger"]);
    await store.saveSuccess(A, { items: [item(0, { title: "battery from A" })] }, at, at);
    await store.saveSuccess(B, { items: [item(1, { title: "battery from B" })] }, at, at);
    await store.saveSuccess(C, { items: [item(2, { title: "battery from C" })] }, at, at);
  });
  afterEach(() => t.dispose());

  const titles = (rows: { item: FeedItem }[]) => rows.map((r) => r.item.title).sort();

  it("each publication's sections, newest, archive and search read its own feeds only", async () => {
    const h = store.reads("harbour");
    const l = store.reads("ledger");
    expect((await h.sectionItems("local", 5)).map((f) => f.map((i) => i.title))).toEqual([
      ["battery from A"],
    ]);
    expect((await l.sectionItems("local", 5)).map((f) => f.map((i) => i.title))).toEqual([
      ["battery from B"],
    ]);
    expect(await h.sectionItems("sports", 5)).toEqual([]);
    expect(titles(await h.latest(10))).toEqual(["battery from A", "battery from C"]);
    expect(titles(await l.latest(10))).toEqual(["battery from A", "battery from B"]);
    // A's item sits in each publication's own first section for it.
    expect((await h.latest(10)).find((p) => p.item.title === "battery from A")?.section).toBe("local");
    expect((await l.latest(10)).find((p) => p.item.title === "battery from A")?.section).toBe("sports");
    expect(titles(await h.search("battery", 10))).toEqual(["battery from A", "battery from C"]);
    expect(titles(await l.search("battery", 10))).toEqual(["battery from A", "battery from B"]);
    expect(await h.searchCount("battery")).toEqual({ total: 2, capped: false });
    expect(await l.newestPublishedAt("world")).toBeUndefined();
    expect(await h.newestPublishedAt("world")).toBeDefined();
    expect(titles(await h.sectionArchive("world", 10, 0))).toEqual(["battery from A", "battery from C"]);
    expect(await l.hasArchive("sports", 0)).toBe(true);
    expect(await l.hasArchive("world", 0)).toBe(false);
    expect(await store.reads("nobody").latest(10)).toEqual([]);
  });

  it("a feed is one publisher: the first publication (by slug) that names it names it everywhere", async () => {
    const [fromLedger] = (await store.reads("ledger").sectionItems("sports", 1))[0] ?? [];
    expect(fromLedger?.publisher).toBe("Harbour's name for A");
  });

  it("rewrites only the lists that changed, and drops a feed only when no publication lists it", async () => {
    expect((await store.syncPublications(lists())).written).toEqual([]);
    // Harbour leaves C and A's world place; A stays (ledger and harbour's local list it).
    const changed = new Map([
      ["harbour", new Map([["local", [A]]]) as FeedsConfig],
      ["ledger", ledger],
    ]);
    expect((await store.syncPublications(changed)).written).toEqual(["harbour"]);
    expect((await store.feeds()).map((f) => f.url).sort()).toEqual([A, B]);
    expect(await store.articleCount(C)).toBe(0);
    // The ledger goes: its sections with it, and B, which only it listed.
    await store.syncPublications(new Map([["harbour", new Map([["local", [A]]]) as FeedsConfig]]));
    expect(await store.reads("ledger").latest(10)).toEqual([]);
    expect((await store.feeds()).map((f) => [f.url, f.sections])).toEqual([[A, ["local"]]]);
    expect(titles(await store.reads("harbour").latest(10))).toEqual(["battery from A"]);
  });

  it("keeps the sections and feeds of a publication whose folder cannot be read now", async () => {
    // The ledger's folder is broken: left out of the lists, but kept. C is harbour's alone.
    await store.syncPublications(new Map([["harbour", new Map([["local", [A]]]) as FeedsConfig]]), {
      keep: ["ledger"],
    });
    expect(titles(await store.reads("ledger").latest(10))).toEqual(["battery from A", "battery from B"]);
    expect((await store.feeds()).map((f) => f.url).sort()).toEqual([A, B]);
    expect(await store.articleCount(B)).toBe(1);
    expect(await store.articleCount(C)).toBe(0);
  });

  it("a CLI's list (prune: false) adds its publication's sections only where it has none", async () => {
    await store.syncPublications(new Map([["ledger", new Map([["world", [C]]]) as FeedsConfig]]), {
      prune: false,
    });
    expect(await store.reads("ledger").sectionItems("world", 5)).toEqual([]);
    await store.syncPublications(new Map([["fresh", new Map([["world", [C]]]) as FeedsConfig]]), {
      prune: false,
    });
    expect(titles(await store.reads("fresh").latest(5))).toEqual(["battery from C"]);
    expect(titles(await store.reads("harbour").latest(5))).toEqual(["battery from A", "battery from C"]);
  });
});
