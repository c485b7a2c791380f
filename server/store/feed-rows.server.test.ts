import { describe, expect, it } from "vitest";
import { type KnownItem, orderKeys, planRefresh } from "./feed-rows.server.ts";
import type { FeedItem } from "./feed-store.ts";

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

  it("renumbers the whole listing when a gap is too narrow", () => {
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
