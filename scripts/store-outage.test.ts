/**
 * A database outage under the production server, on both stores: PostgreSQL is a cluster of the
 * test's own, stopped and started again; SQLite loses its articles table (renamed away by another
 * connection, then put back). While the store is down no page may be an empty list: the pages
 * answer their last good copy or their own failure text with 503 and no-store, and once the
 * store is back every page is fresh again (no empty page was kept anywhere).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startFeedServer } from "#server/ingest/testing/feed-server.ts";
import { createFeedEngine } from "#server/news/engine.server.ts";
import { postgresBinDir, startPrivateCluster } from "#server/store/testing/private-cluster.ts";
import { renameSqliteTableAway } from "#server/store/testing/sqlite-files.ts";
import { type StoreKind, storeKinds } from "#server/store/testing/stores.ts";
import { buildIfStale, freePort, serveProduction } from "./lib/serve.ts";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {});
});

const SECTIONS = ["local", "national", "world", "technology", "business", "politics"] as const;
const ITEMS = 40;

const rss = (section: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${section}</title><link>https://publisher.example/</link><description>d</description>${Array.from(
    { length: ITEMS },
    (_, i) =>
      `<item><title>${section} story ${i + 1}</title><link>https://publisher.example/${section}/${i + 1}</link><guid>${section}-${i + 1}</guid><description>Words about ${section}.</description><pubDate>${new Date(Date.now() - (i + 1) * 60_000).toUTCString()}</pubDate></item>`,
  ).join("")}</channel></rss>`;

type Outage = { env: Record<string, string>; down(): Promise<void>; up(): Promise<void> };

/** The store of the kind, with a way to take it down and bring it back. */
async function outageOf(
  kind: StoreKind,
): Promise<Outage & { warm: { dataDir: string; databaseUrl?: string } }> {
  if (kind === "postgres") {
    const cluster = await startPrivateCluster();
    cleanups.push(() => cluster.dispose());
    return {
      env: { DATABASE_URL: cluster.url },
      warm: { dataDir: "", databaseUrl: cluster.url },
      down: async () => cluster.stop(),
      up: async () => cluster.start(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "store-outage-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let putBack: (() => void) | undefined;
  return {
    env: { DATA_DIR: dataDir },
    warm: { dataDir },
    down: async () => {
      putBack = renameSqliteTableAway(dataDir, "articles");
    },
    up: async () => putBack?.(),
  };
}

async function get(url: string) {
  const res = await fetch(url);
  return {
    status: res.status,
    cache: res.headers.get("cache-control"),
    pageCache: res.headers.get("x-page-cache"),
    body: await res.text(),
  };
}

/**
 * A page with a good copy during the outage: that copy (with a headline), marked stale-if-error and
 * kept by no other cache (it is older than its lifetime), never the failure nor an empty page.
 */
function expectLastGoodCopy(page: Awaited<ReturnType<typeof get>>, headline: string) {
  expect(page.status).toBe(200);
  expect(page.pageCache).toBe("stale-if-error");
  expect(page.cache).toBe("no-store");
  expect(page.body).toContain(headline);
  expect(page.body).not.toContain("No headlines are available");
  expect(page.body).not.toContain("No articles available");
}

const kinds = (await storeKinds()).filter((k) => k === "sqlite" || postgresBinDir() !== undefined);

describe.each(kinds)("a store outage under the production server (%s)", (kind) => {
  it("serves the last good copy or 503 no-store while the store is down, and fresh pages once it is back", async () => {
    await buildIfStale();
    const publisher = await startFeedServer(
      Object.fromEntries(SECTIONS.map((s) => [`/${s}.xml`, (_req, res) => res.end(rss(s))])),
    );
    cleanups.push(() => publisher.close());
    const feedsFile = path.join(tmpdir(), `feeds-store-outage-${process.pid}-${kind}.json`);
    writeFileSync(
      feedsFile,
      JSON.stringify(Object.fromEntries(SECTIONS.map((s) => [s, [publisher.url(`/${s}.xml`)]]))),
    );
    cleanups.push(() => rmSync(feedsFile, { force: true }));
    const outage = await outageOf(kind);
    // Every feed stored once before the server starts (its pages are warm from the first request).
    const warm = createFeedEngine({
      feeds: new Map(SECTIONS.map((s) => [s, [publisher.url(`/${s}.xml`)]])),
      store: outage.warm,
      refreshMinutes: 60,
      retentionDays: 30,
      allowPrivate: true,
      sampleFallback: false,
      siteUrl: "https://warm-up.example",
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    expect((await warm.refreshAll()).every((o) => o.status === "updated")).toBe(true);
    await warm.stop();

    const server = await serveProduction(
      await freePort(),
      {
        ...outage.env,
        FEEDS_CONFIG: feedsFile,
        SAMPLE_FALLBACK: "off",
        FEED_REFRESH_MINUTES: "60",
        // Copies expire at once: each request during the outage tries a fresh render.
        PAGE_CACHE_SECONDS: "1",
        LOG_LEVEL: "silent",
      },
      { stdout: "ignore" },
    );
    cleanups.push(() => server.stop());
    const at = (p: string) => `${server.url}${p}`;

    // Before: good pages, kept by the page cache.
    for (const p of ["/", "/technology"]) {
      const page = await get(at(p));
      expect(page.status).toBe(200);
      expect(page.body).toContain("technology story 1");
    }
    // A page past the end of the archive says so, as a 404 that no cache keeps.
    for (let i = 0; i < 2; i++) {
      const past = await get(at("/world?page=99"));
      expect(past.status).toBe(404);
      expect(past.pageCache).toBeNull();
      expect(past.cache).toBe("no-store");
      expect(past.body).toContain("No older headlines here. Page 99 is past the end");
    }
    // Past their lifetime: the next request renders again (and fails).
    await new Promise((r) => setTimeout(r, 1200));

    await outage.down();
    try {
      expectLastGoodCopy(await get(at("/")), "technology story 1");
      expectLastGoodCopy(await get(at("/technology")), "technology story 1");
      // Pages with no good copy: the failure, never an empty page.
      for (const [p, failure] of [
        ["/world", "Failed to load articles for this section"],
        ["/world?page=2", "Failed to load articles for this section"],
        ["/search?q=story", "Failed to load search results"],
      ] as const) {
        const page = await get(at(p));
        expect(page.status, p).toBe(503);
        expect(page.cache, p).toBe("no-store");
        expect(page.body, p).toContain(failure);
        expect(page.body, p).toContain("Try again");
      }
      // The failed search keeps the reader's words in its box, for Try again or another word.
      expect((await get(at("/search?q=story"))).body).toMatch(/<input[^>]*value="story"/);
      const api = await get(at("/api/articles?section=technology"));
      expect(api.status).toBe(503);
      expect(api.cache).toBe("no-store");
      expect(JSON.parse(api.body)).toEqual({ error: "Failed to load articles" });
      expect((await get(at("/sitemap.xml"))).status).toBe(503);
      // Asked again: still no empty page (nothing failed was kept).
      expectLastGoodCopy(await get(at("/")), "technology story 1");
    } finally {
      await outage.up();
    }

    // Back: the first good answer, then every page fresh, none an empty copy from the outage.
    const deadline = Date.now() + 60_000;
    while ((await get(at("/api/articles?section=technology"))).status !== 200) {
      if (Date.now() > deadline) throw new Error("the store did not come back within 60 s");
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const [p, headline] of [
      ["/", "technology story 1"],
      ["/technology", "technology story 1"],
      ["/world", "world story 1"],
      ["/world?page=2", "world story 16"],
      ["/search?q=story", "story"],
    ] as const) {
      const page = await get(at(p));
      expect(page.status, p).toBe(200);
      expect(page.pageCache, p).not.toBe("stale-if-error");
      expect(page.body, p).toContain(headline);
      expect(page.body, p).not.toContain("data-load-error");
    }
  });
});
