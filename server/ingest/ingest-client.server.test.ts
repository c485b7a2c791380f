import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "#server/config.server.ts";
import { createFeedEngine, type FeedEngineOptions } from "#server/news/engine.server.ts";
import { parseFeed } from "./parse.ts";
import { type FeedServer, fixture, respond, startFeedServer } from "./testing/feed-server.ts";

// Counts the parses made on this (the web) thread; the worker loads its own copy of parse.ts.
vi.mock("./parse.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./parse.ts")>();
  return { ...real, parseFeed: vi.fn(real.parseFeed) };
});

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function refreshedEngine(s: FeedServer, ingest: FeedEngineOptions["ingest"]) {
  const dataDir = mkdtempSync(join(tmpdir(), "ingest-client-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  const e = createFeedEngine({
    feeds: new Map([["local", [s.url("/a.xml")]]]),
    store: { dataDir },
    ingest,
    refreshMinutes: 10,
    retentionDays: 30,
    allowPrivate: true,
    sampleFallback: false,
    siteUrl: "https://news.example",
    logger: quiet,
  });
  cleanups.push(() => e.stop());
  expect((await e.refreshAll()).map((o) => o.status)).toEqual(["updated"]);
  expect((await e.getSectionArticles("local")).articles).toHaveLength(5);
  return e;
}

describe("where feeds are parsed (13.6)", () => {
  it("with the default FEEDS_INGEST, in the ingest worker: never on the thread that answers readers", async () => {
    const s = await startFeedServer({ "/a.xml": respond(fixture("rss2-basic.xml")) });
    cleanups.push(() => s.close());
    await refreshedEngine(s, parseConfig({}).FEEDS_INGEST);
    expect(vi.mocked(parseFeed)).not.toHaveBeenCalled();
    // The counter does see a parse on this thread (inline ingest, as the CLI runs it).
    await refreshedEngine(s, "inline");
    expect(vi.mocked(parseFeed)).toHaveBeenCalled();
  });
});
