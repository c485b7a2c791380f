import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FeedSectionKey } from "../../app/lib/sections.ts";
import { openDatabase } from "../store/db.server.ts";
import { createFeedStore } from "../store/feed-store.server.ts";
import { createIngest, type EngineLogger } from "./ingest.server.ts";
import { type FeedServer, respond, startFeedServer } from "./testing/feed-server.ts";
import { generateRss } from "./testing/generate.ts";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(routes: Parameters<typeof startFeedServer>[0]): Promise<FeedServer> {
  const s = await startFeedServer(routes);
  cleanups.push(() => s.close());
  return s;
}

function storeIn() {
  const dir = mkdtempSync(join(tmpdir(), "ingest-"));
  const db = openDatabase(dir);
  cleanups.push(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, store: createFeedStore(db) };
}

function recorder() {
  const entries: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) =>
    void entries.push({ level, obj: obj as Record<string, unknown>, msg });
  const logger: EngineLogger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { entries, logger };
}

const INTERVAL = 10 * 60_000;

describe("ingest", () => {
  it("a full disk is a failure with SQLite's words, in the log and the feed's health, with backoff (13.4)", async () => {
    const s = await server({ "/big.xml": respond(generateRss({ items: 200, contentWords: 200 })) });
    const { db, store } = storeIn();
    const url = s.url("/big.xml");
    await store.syncFeeds(new Map([["local", [url]]]));
    const { page_count } = db.prepare("PRAGMA page_count").get() as { page_count: number };
    // The file cannot grow, as when DATA_DIR's disk is full.
    db.exec(`PRAGMA max_page_count = ${page_count}`);
    const log = recorder();
    const now = new Date("2026-01-01T00:00:00.000Z");
    const ingest = createIngest({
      feeds: new Map([["local", [url]]]),
      store,
      intervalMs: INTERVAL,
      siteUrl: "https://news.example",
      retentionDays: 30,
      logger: log.logger,
      now: () => now,
    });
    const outcome = await ingest.refreshFeed(url);
    expect(outcome).toEqual({ url, status: "failed", error: "database or disk is full" });
    const state = await store.feed(url);
    expect(state).toMatchObject({ lastError: "database or disk is full", consecutiveFailures: 1 });
    expect(Date.parse(state?.nextCheckAt ?? "")).toBeGreaterThanOrEqual(now.getTime() + INTERVAL);
    expect(
      log.entries.some((e) => e.msg === "feed refresh failed" && e.obj.err === "database or disk is full"),
    ).toBe(true);
    expect(log.entries.some((e) => /rollback/i.test(JSON.stringify(e)))).toBe(false);
    expect(await store.items(url)).toEqual([]);
    // Room again: the next refresh stores the feed and clears the error.
    db.exec("PRAGMA max_page_count = 1073741823");
    expect((await ingest.refreshFeed(url)).status).toBe("updated");
    expect(await store.feed(url)).toMatchObject({ consecutiveFailures: 0 });
    await ingest.stop();
  });

  it("when not even the failure can be written, reports it for health and still backs off", async () => {
    const s = await server({ "/a.xml": respond(generateRss({ items: 5 })) });
    const { db, store } = storeIn();
    const url = s.url("/a.xml");
    await store.syncFeeds(new Map([["local", [url]]]));
    // Every write refused, as on a disk with no room even for the feed's bookkeeping.
    db.exec("PRAGMA query_only = ON");
    const reports: unknown[] = [];
    const now = new Date("2026-01-01T00:00:00.000Z");
    const ingest = createIngest({
      feeds: new Map([["local", [url]]]),
      store,
      intervalMs: INTERVAL,
      siteUrl: "https://news.example",
      retentionDays: 30,
      logger: recorder().logger,
      now: () => now,
      onUnsaved: (u, failure) => reports.push([u, failure]),
    });
    const outcome = await ingest.refreshFeed(url);
    expect(outcome).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/readonly|read-only|query_only/i),
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
    db.exec("PRAGMA query_only = OFF");
    expect((await ingest.refreshFeed(url)).status).toBe("updated");
    expect(reports.at(-1)).toEqual([url, undefined]);
    await ingest.stop();
  });

  it("reports the sections a cycle changed, once per cycle, and only those", async () => {
    let version = 1;
    const s = await server({
      "/a.xml": (_req, res) =>
        void res.writeHead(200).end(generateRss({ items: 5, guidPrefix: `a${version}` })),
      "/b.xml": respond(generateRss({ items: 5, guidPrefix: "b" })),
    });
    const { store } = storeIn();
    const feeds = new Map<FeedSectionKey, string[]>([
      ["local", [s.url("/a.xml")]],
      ["world", [s.url("/b.xml")]],
      ["sports", [s.url("/a.xml"), s.url("/b.xml")]],
    ]);
    await store.syncFeeds(feeds);
    const batches: FeedSectionKey[][] = [];
    const ingest = createIngest({
      feeds,
      store,
      intervalMs: INTERVAL,
      siteUrl: "https://news.example",
      retentionDays: 30,
      logger: recorder().logger,
      onChange: (sections) => batches.push([...sections].sort()),
    });
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
