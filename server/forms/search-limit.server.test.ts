import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SearchPage } from "#server/news/engine.server.ts";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";
import { createRateLimiter, createStoreRateLimiter, type RateLimiter } from "./rate-limit.server.ts";
import {
  limitedSearch,
  SEARCH_WINDOW_MS,
  searchLimiter,
  searchRateLimitedMessage,
} from "./search-limit.server.ts";

const kinds = await storeKinds();

/** An engine stand-in: counts the searches its cache could not answer (one entry a query and page). */
function engine() {
  const cached = new Set<string>();
  const page: SearchPage = { hits: [], more: false };
  return {
    searches: 0,
    searchCached: (q: string, p: number) => cached.has(`${p} ${q}`),
    async searchPage(q: string, p: number) {
      if (!cached.has(`${p} ${q}`)) this.searches++;
      cached.add(`${p} ${q}`);
      return page;
    },
  };
}

describe.each(kinds)("limitedSearch (%s)", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  /** The limiter the server picks for this store (searchLimiter, without its per-process cache), on one clock. */
  function limiter(limit: number): RateLimiter {
    const options = { limit, windowMs: SEARCH_WINDOW_MS };
    const inner =
      kind === "postgres"
        ? createStoreRateLimiter(t.store.rateLimits, "search", options)
        : createRateLimiter(options);
    const now = Date.now();
    return { take: (key) => inner.take(key, now) };
  }

  it("refuses a client's searches past SEARCH_RATE_LIMIT a minute; other clients and cached searches go on", async () => {
    const feeds = engine();
    const limit = limiter(3);
    const as = (clientKey: string) => ({ feeds, limiter: limit, clientKey });
    for (const q of ["solar", "wind", "grid"])
      expect((await limitedSearch(as("1.2.3.4"), q, 1, 20)).ok).toBe(true);
    const refused = await limitedSearch(as("1.2.3.4"), "battery", 1, 20);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(SEARCH_WINDOW_MS);
    }
    expect(feeds.searches).toBe(3);
    // What the cache holds costs nothing: not refused, not counted.
    expect((await limitedSearch(as("1.2.3.4"), "solar", 1, 20)).ok).toBe(true);
    expect(feeds.searches).toBe(3);
    // Another client has its own allowance.
    expect((await limitedSearch(as("5.6.7.8"), "battery", 1, 20)).ok).toBe(true);
    expect(feeds.searches).toBe(4);
  });

  it("SEARCH_RATE_LIMIT=0 turns the limit off", async () => {
    const feeds = engine();
    for (let i = 0; i < 20; i++) {
      expect(
        (await limitedSearch({ feeds, limiter: limiter(0), clientKey: "1.2.3.4" }, `q${i}`, 1, 20)).ok,
      ).toBe(true);
    }
  });
});

describe("searchLimiter and its message", () => {
  it("says how long to wait, in whole seconds", () => {
    expect(searchRateLimitedMessage(1)).toContain("wait 1 second and");
    expect(searchRateLimitedMessage(41_200)).toContain("wait 42 seconds and");
  });

  it.runIf(kinds.includes("postgres"))("counts in the database on PostgreSQL", async () => {
    const t = await openTestStore("postgres");
    try {
      const config = { SEARCH_RATE_LIMIT: 1 };
      const counted = { rateLimits: t.store.rateLimits, shared: true };
      expect(await searchLimiter(config, counted).take("10.0.0.1")).toEqual({ ok: true });
      // Another process's limiter on the same database sees the count.
      expect((await searchLimiter(config, counted).take("10.0.0.1")).ok).toBe(false);
      expect((await t.store.rateLimits.take("search", "10.0.0.1", 1, SEARCH_WINDOW_MS)).ok).toBe(false);
    } finally {
      await t.dispose();
    }
  });
});
