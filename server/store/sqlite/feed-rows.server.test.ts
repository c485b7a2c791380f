import { describe, expect, it } from "vitest";
import type { FeedItem } from "#server/store/feed-store.ts";
import {
  type ArchiveReads,
  dedupeKey,
  fieldValues,
  itemKey,
  type KnownItem,
  MERGE_FEEDS,
  mergeArchive,
  orderKeys,
  placed,
  placedOnce,
  planRefresh,
  type Row,
  rowToItem,
  rowToState,
  str,
} from "./feed-rows.server.ts";

describe("orderKeys", () => {
  it("numbers a first listing from 0", () => {
    expect(orderKeys([null, null, null])).toEqual([0, 1, 2]);
  });

  it("keeps stored keys in order and fits new items around them", () => {
    // New on top, below the first stored key; new at the bottom, after the last.
    expect(orderKeys([null, null, 0, 1, 2])).toEqual([-2, -1, 0, 1, 2]);
    expect(orderKeys([5, 6, null])).toEqual([5, 6, 7]);
    // In a gap wide enough.
    expect(orderKeys([0, null, 4])).toEqual([0, 1, 4]);
  });

  it("keeps the longest run in order and moves the rest", () => {
    // A story bumped to the top moves alone.
    expect(orderKeys([3, 0, 1, 2, 4])).toEqual([-1, 0, 1, 2, 4]);
    // A story dropped lower moves alone, into the gap it finds.
    expect(orderKeys([0, 1, 9, 5, 6])).toEqual([0, 1, 2, 5, 6]);
  });

  it("fits items into a gap exactly as wide as they need, and before or after the kept run", () => {
    expect(orderKeys([5, null, 7])).toEqual([5, 6, 7]);
    expect(orderKeys([null, 5])).toEqual([4, 5]);
    expect(orderKeys([null, null, 5, 6])).toEqual([3, 4, 5, 6]);
    expect(orderKeys([3, 1, 2])).toEqual([0, 1, 2]);
    expect(orderKeys([1, 2, 0])).toEqual([1, 2, 3]);
    expect(orderKeys([2, 0, 1, 3])).toEqual([-1, 0, 1, 3]);
    expect(orderKeys([null, 3, 1, 2, null])).toEqual([-1, 0, 1, 2, 3]);
  });

  it("keeps one of equal stored keys: keys strictly increase", () => {
    expect(orderKeys([7, 7])).toEqual([6, 7]);
    expect(orderKeys([1, 3, 3])).toEqual([1, 2, 3]);
  });

  it("renumbers the whole listing when a gap is too narrow", () => {
    expect(orderKeys([5, null, null, 7])).toEqual([0, 1, 2, 3]);
    expect(orderKeys([0, 5, 1, 2, 3])).toEqual([0, 1, 2, 3, 4]);
    expect(orderKeys([0, null, null, 1])).toEqual([0, 1, 2, 3]);
  });

  it("always gives strictly increasing keys", () => {
    const cases: (number | null)[][] = [
      [4, 3, 2, 1, 0],
      [null, 7, null, 7, null],
      [2, null, 0, null, 1],
      [-5, 10, null, 3, null, null, 11],
    ];
    for (const stored of cases) {
      const keys = orderKeys(stored);
      expect(keys).toHaveLength(stored.length);
      for (let i = 1; i < keys.length; i++) expect(keys[i]).toBeGreaterThan(keys[i - 1] as number);
    }
  });
});

describe("planRefresh", () => {
  const at = "2024-05-01T12:00:00.000Z";
  const item = (n: number): FeedItem => ({
    guid: `g-${n}`,
    position: n,
    title: `Title ${n}`,
    excerpt: "",
    content: "",
    publishedAt: new Date(Date.UTC(2024, 4, 1, 11, n)).toISOString(),
    dated: true,
    readTime: 1,
  });

  it("a poll that adds three items on top writes three rows and retires three", () => {
    const first = planRefresh([], { items: Array.from({ length: 50 }, (_, n) => item(n + 3)) }, at);
    const known: KnownItem[] = first.inserts.map((i, id) => ({
      id,
      key: i.key,
      position: i.position,
      fingerprint: i.fingerprint,
      firstSeenAt: i.firstSeenAt,
    }));
    const next = planRefresh(known, { items: Array.from({ length: 50 }, (_, n) => item(n)) }, at);
    expect(next.inserts.map((i) => [i.key, i.position])).toEqual([
      ["g:g-0", -3],
      ["g:g-1", -2],
      ["g:g-2", -1],
    ]);
    expect(next.updates).toEqual([]);
    expect(next.moves).toEqual([47, 48, 49].map((id) => ({ id, position: null })));
  });
});

describe("rows as items", () => {
  const row: Row = {
    id: 7,
    title: "T",
    excerpt: "E",
    content: "C",
    published_at: "2024-05-01T10:00:00.000Z",
    dated: 1,
    read_time: 3,
    guid: "g",
    link: "https://example.com/a",
    image_url: "https://example.com/a.jpg",
    author: "A",
    categories: '["x","",3,"y"]',
    feed_url: "https://www.example.com/feed",
    feed_name: null,
    feed_title: "",
  };

  it("reads every column, the id as storeId, and names the publisher", () => {
    expect(rowToItem(row, 4)).toEqual({
      position: 4,
      storeId: 7,
      title: "T",
      excerpt: "E",
      content: "C",
      publishedAt: "2024-05-01T10:00:00.000Z",
      dated: true,
      readTime: 3,
      guid: "g",
      link: "https://example.com/a",
      imageUrl: "https://example.com/a.jpg",
      author: "A",
      categories: ["x", "y"],
      publisher: "example.com",
    });
    expect(rowToItem({ ...row, feed_name: "Name", feed_title: "Title" }).publisher).toBe("Name");
    expect(rowToItem({ ...row, feed_title: "Title" }).publisher).toBe("Title");
  });

  it("leaves out what a row lacks: empty strings and nulls are no value", () => {
    const bare: Row = {
      ...row,
      id: null,
      guid: "",
      link: null,
      image_url: undefined,
      author: "",
      categories: null,
    };
    const { feed_url: _, ...noFeed } = bare;
    // Strictly: a field the row lacks is absent, not present as undefined.
    expect(rowToItem(noFeed)).toStrictEqual({
      position: -1,
      title: "T",
      excerpt: "E",
      content: "C",
      publishedAt: "2024-05-01T10:00:00.000Z",
      dated: true,
      readTime: 3,
    });
    expect(rowToItem({ ...row, id: 0, dated: "1" }).storeId).toBe(0);
    const { id: _id, ...noId } = row;
    expect("storeId" in rowToItem(noId)).toBe(false);
    expect(rowToItem({ ...row, dated: 0 }).dated).toBe(false);
    expect(rowToItem({ ...row, dated: 2 }).dated).toBe(false);
  });

  it("counts unreadable categories as none", () => {
    for (const categories of ["", "not json", '{"a":1}', '["", 1]', "[]", 5, null]) {
      expect(rowToItem({ ...row, categories }).categories).toBeUndefined();
    }
    expect(rowToItem({ ...row, categories: '["only"]' }).categories).toEqual(["only"]);
  });

  it("reads only non-empty strings as values", () => {
    expect(str("a")).toBe("a");
    expect(str("")).toBeUndefined();
    expect(str(1)).toBeUndefined();
    expect(str(null)).toBeUndefined();
  });

  it("reads a feed's state, column by column", () => {
    expect(
      rowToState({
        url: "u",
        consecutive_failures: "2",
        title: "t",
        name: "n",
        etag: "e",
        last_modified: "lm",
        last_attempt_at: "la",
        last_success_at: "ls",
        last_error: "le",
        next_check_at: "nc",
      }),
    ).toEqual({
      url: "u",
      consecutiveFailures: 2,
      title: "t",
      name: "n",
      etag: "e",
      lastModified: "lm",
      lastAttemptAt: "la",
      lastSuccessAt: "ls",
      lastError: "le",
      nextCheckAt: "nc",
    });
    expect(rowToState({ url: "u", consecutive_failures: 0, title: "", etag: null })).toEqual({
      url: "u",
      consecutiveFailures: 0,
    });
  });

  it("places a row in a feed section, with the feed's index only when the section merges feeds", () => {
    expect(placed({ ...row, section: "events" })).toBeUndefined();
    expect(placed({ ...row, section: "nope" })).toBeUndefined();
    const one = placed({ ...row, section: "world", feed_index: 0, feed_count: 1 });
    expect(one?.section).toBe("world");
    expect(one?.item.title).toBe("T");
    expect(one?.item.position).toBe(-1);
    expect(one && "feedIndex" in one).toBe(false);
    expect(placed({ ...row, section: "local", feed_index: 1, feed_count: 2 })?.feedIndex).toBe(1);
  });

  it("keys items by guid, else link, else title", () => {
    expect(itemKey({ guid: "g", link: "l", title: "t" })).toBe("g:g");
    expect(itemKey({ guid: "", link: "l", title: "t" })).toBe("l:l");
    expect(itemKey({ link: "", title: "t" })).toBe("t:t");
  });

  it("dedupes stories by link, else by feed and guid, else by row", () => {
    const p = (r: Row) => placed({ ...r, section: "world" });
    const withLink = p(row);
    expect(withLink && dedupeKey(row, withLink)).toBe("https://example.com/a");
    const guidOnly = { ...row, link: null };
    const pg = p(guidOnly);
    expect(pg && dedupeKey(guidOnly, pg)).toBe("https://www.example.com/feed\u0000g");
    const neither = { ...row, link: null, guid: null };
    const pn = p(neither);
    expect(pn && dedupeKey(neither, pn)).toBe("7");
  });

  it("places rows once each, up to a limit, skipping rows of no feed section", () => {
    const rows: Row[] = [
      { ...row, id: 1, section: "world", link: "a" },
      { ...row, id: 2, section: "events", link: "b" },
      { ...row, id: 3, section: "local", link: "a" },
      { ...row, id: 4, section: "local", link: "c" },
      { ...row, id: 5, section: "local", link: "d" },
    ];
    expect(placedOnce(rows, 10).map((p) => p.item.storeId)).toEqual([1, 4, 5]);
    expect(placedOnce(rows, 2).map((p) => p.item.storeId)).toEqual([1, 4]);
    expect(placedOnce([], 2)).toEqual([]);
  });

  it("binds an item's fields in the statements' column order", () => {
    expect(
      fieldValues({
        guid: "g",
        title: "t",
        excerpt: "e",
        content: "c",
        link: "l",
        imageUrl: "i",
        author: "a",
        publishedAt: "p",
        dated: 1,
        readTime: 2,
        categories: "[]",
      }),
    ).toEqual(["g", "t", "e", "c", "l", "i", "a", "p", 1, 2, "[]"]);
  });
});

describe("planRefresh's rules", () => {
  const at = "2024-05-01T12:00:00.000Z";
  const base: FeedItem = {
    guid: "g",
    position: 0,
    title: "Title",
    excerpt: "Ex",
    content: "Body",
    link: "https://example.com/a",
    imageUrl: "https://example.com/a.jpg",
    author: "A",
    publishedAt: "2024-05-01T11:00:00.000Z",
    dated: true,
    readTime: 2,
    categories: ["x"],
  };
  const knownFrom = (plan: ReturnType<typeof planRefresh>): KnownItem[] =>
    plan.inserts.map((i, id) => ({
      id: id + 1,
      key: i.key,
      position: i.position,
      fingerprint: i.fingerprint,
      firstSeenAt: i.firstSeenAt,
    }));

  it("inserts new items with all their fields, first seen at the fetch", () => {
    const plan = planRefresh(
      [],
      {
        items: [
          base,
          {
            ...base,
            guid: undefined,
            link: undefined,
            title: "B",
            imageUrl: undefined,
            author: undefined,
            categories: [],
          },
        ],
      },
      at,
    );
    expect(plan.changed).toBe(true);
    expect(plan.updates).toEqual([]);
    expect(plan.moves).toEqual([]);
    expect(plan.inserts.map(({ fingerprint: _, ...rest }) => rest)).toEqual([
      {
        key: "g:g",
        position: 0,
        firstSeenAt: at,
        fields: {
          guid: "g",
          title: "Title",
          excerpt: "Ex",
          content: "Body",
          link: "https://example.com/a",
          imageUrl: "https://example.com/a.jpg",
          author: "A",
          publishedAt: "2024-05-01T11:00:00.000Z",
          dated: 1,
          readTime: 2,
          categories: '["x"]',
        },
      },
      {
        key: "t:B",
        position: 1,
        firstSeenAt: at,
        fields: {
          guid: null,
          title: "B",
          excerpt: "Ex",
          content: "Body",
          link: null,
          imageUrl: null,
          author: null,
          publishedAt: "2024-05-01T11:00:00.000Z",
          dated: 1,
          readTime: 2,
          categories: null,
        },
      },
    ]);
  });

  it("writes nothing for an unchanged feed, and rewrites an item when anything a page shows changes", () => {
    const known = knownFrom(planRefresh([], { items: [base] }, at));
    expect(planRefresh(known, { items: [base] }, at)).toEqual({
      inserts: [],
      updates: [],
      moves: [],
      changed: false,
    });
    const changes: Partial<FeedItem>[] = [
      { title: "New" },
      { excerpt: "New" },
      { content: "New" },
      { link: "https://example.com/b" },
      { imageUrl: undefined },
      { author: "B" },
      { publishedAt: "2024-05-01T11:30:00.000Z" },
      { readTime: 3 },
      { categories: ["y"] },
      { dated: false },
    ];
    for (const change of changes) {
      const plan = planRefresh(known, { items: [{ ...base, ...change }] }, at);
      expect(plan.changed).toBe(true);
      expect(plan.inserts).toEqual([]);
      expect(plan.updates.map((u) => [u.id, u.position])).toEqual([[1, 0]]);
    }
  });

  it("keeps the first listing of a key, and moves an unchanged item only when its place changes", () => {
    const a = { ...base, guid: "a" };
    const b = { ...base, guid: "b" };
    const first = planRefresh([], { items: [a, b, { ...a, title: "Second listing" }] }, at);
    expect(first.inserts.map((i) => [i.key, i.fields.title])).toEqual([
      ["g:a", "Title"],
      ["g:b", "Title"],
    ]);
    const known = knownFrom(first);
    const swapped = planRefresh(known, { items: [b, a] }, at);
    expect(swapped.updates).toEqual([]);
    expect(swapped.inserts).toEqual([]);
    expect(swapped.moves).toEqual([{ id: 2, position: -1 }]);
    expect(swapped.changed).toBe(true);
  });

  it("retires departed items once: an item already out of the feed is not moved again", () => {
    const known = knownFrom(
      planRefresh(
        [],
        {
          items: [
            { ...base, guid: "a" },
            { ...base, guid: "b" },
          ],
        },
        at,
      ),
    );
    const gone = planRefresh(known, { items: [{ ...base, guid: "a" }] }, at);
    expect(gone.moves).toEqual([{ id: 2, position: null }]);
    expect(gone.changed).toBe(true);
    const retired = known.map((k) => (k.id === 2 ? { ...k, position: null } : k));
    expect(planRefresh(retired, { items: [{ ...base, guid: "a" }] }, at)).toEqual({
      inserts: [],
      updates: [],
      moves: [],
      changed: false,
    });
  });

  it("gives undated items, and items dated more than a day ahead, the time first seen", () => {
    const undated = { ...base, guid: "u", dated: false, publishedAt: at };
    const dayAhead = { ...base, guid: "d", publishedAt: "2024-05-02T12:00:00.000Z" };
    const pastDay = { ...base, guid: "f", publishedAt: "2024-05-02T12:00:00.001Z" };
    const plan = planRefresh([], { items: [undated, dayAhead, pastDay] }, at);
    expect(plan.inserts.map((i) => [i.key, i.firstSeenAt, i.fields.publishedAt, i.fields.dated])).toEqual([
      ["g:u", at, at, 0],
      ["g:d", at, "2024-05-02T12:00:00.000Z", 1],
      ["g:f", at, at, 1],
    ]);
    // The next fetch keeps the first-seen time of each, the undated one's too.
    const later = "2024-05-01T12:00:00.000Z";
    const again = planRefresh(
      knownFrom(plan),
      { items: [{ ...undated, publishedAt: "2024-05-01T13:00:00.000Z" }, dayAhead, pastDay] },
      later,
    );
    expect(again).toEqual({ inserts: [], updates: [], moves: [], changed: false });
    // Once the date is no longer ahead, the item's own date is used.
    const much = "2024-05-05T12:00:00.000Z";
    const dated = planRefresh(knownFrom(plan), { items: [undated, dayAhead, pastDay] }, much);
    expect(dated.updates.map((u) => [u.id, u.fields.publishedAt])).toEqual([[3, "2024-05-02T12:00:00.001Z"]]);
    // Without a readable fetch time, no date counts as ahead.
    const noClock = planRefresh([], { items: [pastDay] }, "not a time");
    expect(noClock.inserts.map((i) => i.fields.publishedAt)).toEqual(["2024-05-02T12:00:00.001Z"]);
  });
});

describe("mergeArchive", () => {
  type Call = [string[], number, number, number];
  const feeds = (n: number): Row[] =>
    Array.from({ length: n }, (_, k) => ({
      feed_url: `f${k}`,
      section: "world",
      feed_index: k,
      feed_count: n,
    }));
  // Each feed k has one row, id k, published at minute k (so higher ids are newer).
  const reads = (calls: Call[], missing = new Set<number>()): ArchiveReads => ({
    ids(urls, perFeed, limit, offset) {
      calls.push([urls, perFeed, limit, offset]);
      const rows = urls
        .map((u) => Number(u.slice(1)))
        .map((k) => ({ id: k, published_at: new Date(Date.UTC(2024, 0, 1, 0, k)).toISOString() }))
        .sort((a, b) => b.id - a.id);
      return rows.slice(offset, offset + limit);
    },
    rows(ids) {
      return ids.filter((id) => !missing.has(id)).map((id) => ({ id, feed_url: `f${id}`, title: `t${id}` }));
    },
  });

  it("reads no more than a page from up to MERGE_FEEDS feeds at once, and places each row", async () => {
    const calls: Call[] = [];
    const rows = await mergeArchive(feeds(3), 2, 1, reads(calls));
    expect(calls).toEqual([[["f0", "f1", "f2"], 3, 2, 1]]);
    expect(rows).toEqual([
      { id: 1, feed_url: "f1", title: "t1", section: "world", feed_index: 1, feed_count: 3 },
      { id: 0, feed_url: "f0", title: "t0", section: "world", feed_index: 0, feed_count: 3 },
    ]);
    // A section without feeds asks the store nothing (an empty feed list is not valid SQL).
    expect(await mergeArchive([], 2, 0, reads(calls))).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(await mergeArchive(feeds(3), 2, 5, reads([]))).toEqual([]);
  });

  it("reads no empty chunk when the feeds fill their chunks exactly", async () => {
    const calls: Call[] = [];
    await mergeArchive(feeds(MERGE_FEEDS * 2), 3, 0, reads(calls));
    expect(calls.map(([urls]) => urls.length)).toEqual([MERGE_FEEDS, MERGE_FEEDS]);
  });

  it("leaves out a row whose feed is not the section's (an id reused between the two reads)", async () => {
    const read: ArchiveReads = {
      ids: () => [{ id: 1, published_at: "2024-01-01T00:00:00.000Z" }],
      rows: () => [{ id: 1, feed_url: "gone" }],
    };
    expect(await mergeArchive(feeds(3), 3, 0, read)).toEqual([]);
  });

  it("merges larger sections in chunks, newest first, then takes the page", async () => {
    const calls: Call[] = [];
    const n = MERGE_FEEDS * 2 + 1;
    const rows = await mergeArchive(feeds(n), 3, 2, reads(calls));
    expect(calls.map(([urls, ...rest]) => [urls.length, urls[0], ...rest])).toEqual([
      [MERGE_FEEDS, "f0", 5, 5, 0],
      [MERGE_FEEDS, `f${MERGE_FEEDS}`, 5, 5, 0],
      [1, `f${2 * MERGE_FEEDS}`, 5, 5, 0],
    ]);
    expect(rows.map((r) => r.id)).toEqual([n - 3, n - 4, n - 5]);
    expect(rows[0]).toMatchObject({ section: "world", feed_index: n - 3, feed_count: n });
  });

  it("orders rows of the same time by id, newest id first, across chunks", async () => {
    const same = "2024-01-01T00:00:00.000Z";
    const read: ArchiveReads = {
      ids: (urls) => urls.map((u) => ({ id: Number(u.slice(1)), published_at: same })),
      rows: (ids) => ids.map((id) => ({ id, feed_url: `f${id}` })),
    };
    const rows = await mergeArchive(feeds(MERGE_FEEDS + 2), 3, 0, read);
    expect(rows.map((r) => r.id)).toEqual([MERGE_FEEDS + 1, MERGE_FEEDS, MERGE_FEEDS - 1]);
  });

  it("leaves out a row deleted between the two reads", async () => {
    const rows = await mergeArchive(feeds(3), 3, 0, reads([], new Set([1])));
    expect(rows.map((r) => r.id)).toEqual([2, 0]);
  });
});
