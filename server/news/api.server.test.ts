import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FeedServer, fixture, respond, startFeedServer } from "#server/ingest/testing/feed-server.ts";
import { openTestStore, type StoreKind, storeKinds } from "#server/store/testing/stores.ts";
import { createFeedsApi } from "./api.server.ts";
import { createFeedEngine, type FeedEngine } from "./engine.server.ts";

// Real sockets and processes: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const kinds = await storeKinds();

let feeds: FeedServer;
let engine: FeedEngine;
let api: Server;
let base: string;
const dir = mkdtempSync(join(tmpdir(), "feeds-api-"));
const seenLimits: number[] = [];

beforeAll(async () => {
  feeds = await startFeedServer({ "/a.xml": respond(fixture("rss2-basic.xml")) });
  engine = createFeedEngine({
    feeds: new Map([
      ["local", [feeds.url("/a.xml")]],
      ["sports", ["http://127.0.0.1:9/down.xml"]],
    ]),
    store: { dataDir: dir },
    refreshMinutes: 10,
    retentionDays: 30,
    allowPrivate: true,
    sampleFallback: false,
    siteUrl: "https://news.example",
  });
  await engine.refreshAll();
  const spy: Parameters<typeof createFeedsApi>[0] = {
    getSectionArticles: (section, limit) => {
      seenLimits.push(limit ?? -1);
      return engine.getSectionArticles(section, limit);
    },
    health: () => engine.health(),
  };
  const app = express();
  app.use(createFeedsApi(spy));
  api = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => api.once("listening", resolve));
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
  await engine.stop();
  await feeds.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string) {
  const res = await fetch(base + path);
  return {
    status: res.status,
    cache: res.headers.get("cache-control"),
    body: (await res.json()) as Record<string, unknown>,
  };
}

describe("GET /api/articles", () => {
  it("answers the reduced Article form, cacheable for a minute", async () => {
    const { status, cache, body } = await get("/api/articles?section=local");
    expect(status).toBe(200);
    expect(cache).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(body.section).toBe("local");
    expect(body.sample).toBe(false);
    const articles = body.articles as Record<string, unknown>[];
    expect(articles).toHaveLength(5);
    expect(Object.keys(articles[0] ?? {}).sort()).toEqual(
      [
        "category",
        "excerpt",
        "id",
        "imageUrl",
        "link",
        "publishedAt",
        "publisher",
        "readTime",
        "title",
      ].sort(),
    );
    // Every headline names its publisher: here the feed's channel title.
    expect(articles[0]).toMatchObject({ category: "Local News", publisher: "Grid & Garage", readTime: 1 });
    expect(seenLimits.at(-1)).toBe(15);
  });

  it("honours a limit from 1 to 50", async () => {
    expect(((await get("/api/articles?section=local&limit=2")).body.articles as unknown[]).length).toBe(2);
    await get("/api/articles?section=local&limit=50");
    expect(seenLimits.at(-1)).toBe(50);
  });

  it.each(["0", "51", "abc", "1.5", "-3", "", "1e1", "007x"])("rejects limit=%j with 400", async (limit) => {
    const { status, cache, body } = await get(`/api/articles?section=local&limit=${limit}`);
    expect(status).toBe(400);
    expect(cache).toBe("no-store");
    expect(body).toEqual({ error: "limit must be a whole number from 1 to 50" });
  });

  it("rejects a repeated limit", async () => {
    expect((await get("/api/articles?section=local&limit=2&limit=3")).status).toBe(400);
  });

  it("rejects an unknown or missing section with a clear message", async () => {
    expect(await get("/api/articles?section=weather")).toMatchObject({
      status: 400,
      body: { error: "No RSS feed configured for section: weather" },
    });
    expect((await get("/api/articles?section=events")).body).toEqual({
      error: "No RSS feed configured for section: events",
    });
    expect((await get("/api/articles")).body.error).toMatch(/^Missing section/);
    expect((await get("/api/articles?section=a&section=b")).status).toBe(400);
  });

  it("answers an empty list for a section whose feeds are down (samples off)", async () => {
    const { status, body } = await get("/api/articles?section=sports");
    expect(status).toBe(200);
    expect(body).toEqual({ section: "sports", sample: false, articles: [] });
  });
});

describe("GET /api/health/feeds", () => {
  it("lists every feed with its sections, last success, last error and article count", async () => {
    const { status, cache, body } = await get("/api/health/feeds");
    expect(status).toBe(200);
    expect(cache).toBe("no-store");
    const list = body.feeds as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      url: feeds.url("/a.xml"),
      sections: ["local"],
      lastError: null,
      consecutiveFailures: 0,
      articleCount: 5,
    });
    expect(typeof list[0]?.lastSuccessAt).toBe("string");
    expect(list[1]).toMatchObject({
      url: "http://127.0.0.1:9/down.xml",
      sections: ["sports"],
      lastSuccessAt: null,
      consecutiveFailures: 1,
      articleCount: 0,
    });
    expect(list[1]?.lastError).toMatch(/^Network error/);
  });

  /** What /api/health/feeds publishes of these feeds' records (served by the API alone). */
  async function publishedHealth(feeds: Array<{ url: string; lastError: string }>): Promise<string> {
    const app = express().use(
      createFeedsApi({
        getSectionArticles: engine.getSectionArticles,
        health: async () =>
          feeds.map((f) => ({
            ...f,
            sections: ["local"],
            lastSuccessAt: null,
            lastAttemptAt: null,
            consecutiveFailures: 1,
            nextCheckAt: null,
            articleCount: 0,
          })),
      }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health/feeds`);
      return await res.text();
    } finally {
      server.close();
    }
  }
  const published = (text: string) =>
    (JSON.parse(text) as { feeds: { url: string; lastError: string }[] }).feeds;

  it("never publishes a feed URL's query string or fragment (publishers' tokens)", async () => {
    const text = await publishedHealth([
      {
        url: "https://pub.example/feed.xml?token=s3cret&x=1#top",
        lastError: "Redirect loop at https://pub.example/a?key=s3cret",
      },
    ]);
    expect(text).not.toContain("s3cret");
    const [feed] = published(text);
    expect(feed?.url).toBe("https://pub.example/feed.xml?…");
    expect(feed?.lastError).toBe("Redirect loop at https://pub.example/a?…");
  });

  it("never publishes the user and password in a feed URL (13.3)", async () => {
    const lastError = "Redirect loop at https://reader:p@ss:s3cret@pub.example/a";
    const text = await publishedHealth([
      { url: "https://reader:s3cret@pub.example/feed.xml", lastError },
      { url: "http://s3cret@pub.example/b.xml?k=1", lastError },
    ]);
    expect(text).not.toContain("s3cret");
    expect(text).not.toContain("reader");
    const feeds = published(text);
    expect(feeds.map((f) => f.url)).toEqual([
      "https://…@pub.example/feed.xml",
      "http://…@pub.example/b.xml?…",
    ]);
    expect(feeds[0]?.lastError).toBe("Redirect loop at https://…@pub.example/a");
  });
});

/** The store's own words when every write is refused (PostgreSQL: its disk_full error). */
const REFUSED: Record<StoreKind, RegExp> = {
  sqlite: /readonly|read-only|query_only/i,
  postgres: /No space left on device/,
};

describe.each(kinds)("a failure the store cannot record (%s)", (kind) => {
  it("shows in /api/health/feeds with the store's words, and the next cycles back the feed off (13.4)", async () => {
    const t = await openTestStore(kind);
    const publisher = await startFeedServer({ "/a.xml": respond(fixture("rss2-basic.xml")) });
    const url = publisher.url("/a.xml");
    // A frozen clock: the feed's next check stays ahead, whichever tick comes; the scheduler's
    // ticks (60 ms apart) are counted through its dice.
    let now = Date.parse("2026-01-01T00:00:00.000Z");
    let ticks = 0;
    const e = createFeedEngine({
      feeds: new Map([["local", [url]]]),
      store: { store: t.store, location: t.location, jobQueue: undefined },
      refreshMinutes: 0.001,
      retentionDays: 30,
      allowPrivate: true,
      sampleFallback: false,
      siteUrl: "https://news.example",
      now: () => new Date(now),
      random: () => {
        ticks++;
        return 0.5;
      },
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const server = express().use(createFeedsApi(e)).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const health = async () => {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health/feeds`);
      return ((await res.json()) as { feeds: Record<string, unknown>[] }).feeds[0];
    };
    const fetches = () => publisher.requests.filter((r) => r.path === "/a.xml").length;
    const failuresReach = (n: number) =>
      vi.waitFor(async () => expect((await health())?.consecutiveFailures).toBeGreaterThanOrEqual(n), {
        timeout: 15_000,
      });
    // The backoff after n failures at a 60 ms interval (a first tick can race the first fetch).
    const backoff = (n: number) => 60 * 2 ** (n - 1);
    const ticksPast = async (n: number) => {
      const from = ticks;
      await vi.waitFor(() => expect(ticks).toBeGreaterThanOrEqual(from + n), { timeout: 15_000 });
    };
    try {
      await e.health(); // the feed list is written
      const writable = await t.refuseWrites("all");
      e.start();
      await failuresReach(1);
      // A tick running as the failure landed has finished once the next one is scheduled.
      await ticksPast(1);
      const shown = await health();
      const first = Number(shown?.consecutiveFailures);
      const fetched = fetches();
      expect(shown).toMatchObject({
        url,
        lastAttemptAt: new Date(now).toISOString(),
        lastError: expect.stringMatching(REFUSED[kind]),
        nextCheckAt: new Date(now + backoff(first)).toISOString(),
      });
      expect(shown?.lastError).not.toMatch(/rollback/i);
      // Not due again: three whole cycles pass without fetching it.
      await ticksPast(3);
      expect(fetches()).toBe(fetched);
      // Once its check time comes it is tried again, and the wait doubles.
      now += backoff(first);
      await failuresReach(first + 1);
      expect(fetches()).toBe(fetched + 1);
      expect((await health())?.nextCheckAt).toBe(new Date(now + backoff(first + 1)).toISOString());
      await writable();
    } finally {
      server.close();
      await e.stop();
      await publisher.close();
      await t.dispose();
    }
  });
});

describe.each(kinds)("GET /api/articles while the store cannot be read (%s)", (kind: StoreKind) => {
  it("answers 503 with no-store, never an empty list", async () => {
    const t = await openTestStore(kind);
    const e = createFeedEngine({
      feeds: new Map([["local", [feeds.url("/a.xml")]]]),
      store: { store: t.store, location: t.location, jobQueue: undefined },
      refreshMinutes: 10,
      retentionDays: 30,
      allowPrivate: true,
      sampleFallback: false,
      siteUrl: "https://news.example",
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const app = express().use(createFeedsApi(e));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/articles?section=local`;
    try {
      await e.refreshAll();
      expect((await fetch(url)).status).toBe(200);
      // The database goes away under the running engine.
      await t.store.close();
      const res = await fetch(url);
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ error: "Failed to load articles" });
    } finally {
      server.close();
      await e.stop();
      await t.dispose().catch(() => {});
    }
  });
});
