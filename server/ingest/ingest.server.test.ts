import { afterEach, describe, expect, it, vi } from "vitest";
import type { FeedSectionKey } from "#domain/sections.ts";
import { openTestStore, type StoreKind, storeKinds } from "#server/store/testing/stores.ts";
import { createIngest, type EngineLogger } from "./ingest.server.ts";
import { type FeedServer, respond, startFeedServer } from "./testing/feed-server.ts";
import { generateRss } from "./testing/generate.ts";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const kinds = await storeKinds();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(routes: Parameters<typeof startFeedServer>[0]): Promise<FeedServer> {
  const s = await startFeedServer(routes);
  cleanups.push(() => s.close());
  return s;
}

async function storeOf(kind: StoreKind) {
  const t = await openTestStore(kind);
  cleanups.push(() => t.dispose());
  return { t, store: t.store.feeds };
}

/** The store's own words for a write it refused for want of room, and for any write refused. */
const FULL: Record<StoreKind, string> = {
  sqlite: "database or disk is full",
  postgres: "could not extend file: No space left on device",
};
const REFUSED: Record<StoreKind, RegExp> = {
  sqlite: /readonly|read-only|query_only/i,
  postgres: /No space left on device/,
};

function recorder() {
  const entries: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) =>
    void entries.push({ level, obj: obj as Record<string, unknown>, msg });
  const logger: EngineLogger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { entries, logger };
}

const INTERVAL = 10 * 60_000;

/** An ingest of `feeds` into `store` with the tests' settings; `options` adds or overrides. */
function ingestOf(
  store: Parameters<typeof createIngest>[0]["store"],
  feeds: Parameters<typeof createIngest>[0]["feeds"],
  options: Partial<Parameters<typeof createIngest>[0]> = {},
) {
  return createIngest({
    feeds,
    store,
    intervalMs: INTERVAL,
    siteUrl: "https://news.example",
    retentionDays: 30,
    allowPrivate: true,
    logger: recorder().logger,
    ...options,
  });
}

describe.each(kinds)("ingest (%s)", (kind) => {
  it("a full disk is a failure with the store's words, in the log and the feed's health, with backoff (13.4)", async () => {
    const s = await server({ "/big.xml": respond(generateRss({ items: 200, contentWords: 200 })) });
    const { t, store } = await storeOf(kind);
    const url = s.url("/big.xml");
    await store.syncFeeds(new Map([["local", [url]]]));
    const roomAgain = await t.refuseWrites("growth");
    const log = recorder();
    const now = new Date("2026-01-01T00:00:00.000Z");
    const ingest = ingestOf(store, new Map([["local", [url]]]), {
      logger: log.logger,
      now: () => now,
    });
    const outcome = await ingest.refreshFeed(url);
    expect(outcome).toEqual({ url, status: "failed", error: FULL[kind] });
    const state = await store.feed(url);
    expect(state).toMatchObject({ lastError: FULL[kind], consecutiveFailures: 1 });
    expect(Date.parse(state?.nextCheckAt ?? "")).toBeGreaterThanOrEqual(now.getTime() + INTERVAL);
    expect(log.entries.some((e) => e.msg === "feed refresh failed" && e.obj.err === FULL[kind])).toBe(true);
    expect(log.entries.some((e) => /rollback/i.test(JSON.stringify(e)))).toBe(false);
    expect(await store.items(url)).toEqual([]);
    // Room again: the next refresh stores the feed and clears the error.
    await roomAgain();
    expect((await ingest.refreshFeed(url)).status).toBe("updated");
    expect(await store.feed(url)).toMatchObject({ consecutiveFailures: 0 });
    await ingest.stop();
  });

  it("when not even the failure can be written, reports it for health and still backs off", async () => {
    const s = await server({ "/a.xml": respond(generateRss({ items: 5 })) });
    const { t, store } = await storeOf(kind);
    const url = s.url("/a.xml");
    await store.syncFeeds(new Map([["local", [url]]]));
    // Every write refused, as on a disk with no room even for the feed's bookkeeping.
    const writable = await t.refuseWrites("all");
    const reports: unknown[] = [];
    const now = new Date("2026-01-01T00:00:00.000Z");
    const ingest = ingestOf(store, new Map([["local", [url]]]), {
      now: () => now,
      onUnsaved: (u, failure) => reports.push([u, failure]),
    });
    const outcome = await ingest.refreshFeed(url);
    expect(outcome).toMatchObject({
      status: "failed",
      error: expect.stringMatching(REFUSED[kind]),
    });
    expect(reports).toEqual([
      [
        url,
        {
          at: now.toISOString(),
          error: outcome.status === "failed" ? outcome.error : "",
          failures: 1,
          nextCheckAt: expect.any(String),
        },
      ],
    ]);
    // Writable again: the next success clears the report.
    await writable();
    expect((await ingest.refreshFeed(url)).status).toBe("updated");
    expect(reports.at(-1)).toEqual([url, undefined]);
    await ingest.stop();
  });

  it("keeps archived items for ARTICLE_RETENTION_DAYS days, counted in days from now", async () => {
    let generation = 1;
    const s = await server({
      "/a.xml": (_req, res) =>
        void res.writeHead(200).end(
          generation === 1
            ? // Two items a day apart, then a feed that no longer carries them (they are archived).
              generateRss({
                items: 2,
                guidPrefix: "old",
                newest: new Date("2026-01-01T12:00:00Z"),
                spacingMinutes: 1440,
              })
            : generateRss({ items: 2, guidPrefix: "new", newest: new Date("2026-03-01T12:00:00Z") }),
        ),
    });
    const { store } = await storeOf(kind);
    const url = s.url("/a.xml");
    await store.syncFeeds(new Map([["local", [url]]]));
    // 29 days 23 hours after the newer archived item, 30 days 23 hours after the older one.
    const now = new Date("2026-01-31T11:00:00.000Z");
    const ingest = ingestOf(store, new Map([["local", [url]]]), {
      now: () => now,
    });
    await ingest.refreshFeed(url);
    generation = 2;
    await ingest.refreshFeed(url);
    expect(await store.articleCount(url)).toBe(4);
    await ingest.prune();
    // The older archived item went, the newer stayed (and the current ones, always).
    expect(await store.articleCount(url)).toBe(3);
    await ingest.stop();
  });

  it("reports the sections a cycle changed, once per cycle, and only those", async () => {
    let version = 1;
    const s = await server({
      "/a.xml": (_req, res) =>
        void res.writeHead(200).end(generateRss({ items: 5, guidPrefix: `a${version}` })),
      "/b.xml": respond(generateRss({ items: 5, guidPrefix: "b" })),
    });
    const { store } = await storeOf(kind);
    const feeds = new Map<FeedSectionKey, string[]>([
      ["local", [s.url("/a.xml")]],
      ["world", [s.url("/b.xml")]],
      ["sports", [s.url("/a.xml"), s.url("/b.xml")]],
    ]);
    await store.syncFeeds(feeds);
    const batches: FeedSectionKey[][] = [];
    const ingest = ingestOf(store, feeds, { onChange: (sections) => batches.push([...sections].sort()) });
    await ingest.refreshAll();
    expect(batches).toEqual([["local", "sports", "world"]]);
    version = 2;
    await ingest.refreshAll();
    expect(batches).toEqual([
      ["local", "sports", "world"],
      ["local", "sports"],
    ]);
    // Nothing new: no batch at all.
    await ingest.refreshAll();
    expect(batches).toHaveLength(2);
    await ingest.stop();
  });
});
