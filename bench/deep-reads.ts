/**
 * `node bench/deep-reads.ts`: what one deep archive page and one broad search cost on a big store
 * (issue 23). Seeds a store of ARTICLES articles (FEEDS feeds spread over the sections, half of
 * each feed's items archived, every excerpt holding the word "seeded"), then times, through the
 * feed engine, a section's page 9999, its deepest page, and broad searches (each a cache miss).
 *
 *   --stores=sqlite,postgres  which stores (PostgreSQL: a scratch schema on BENCH_DATABASE_URL,
 *                             default TEST_DATABASE_URL; kept when --schema= names it)
 *   --articles=100000 --feeds=200
 *   --sections=1              how many sections the feeds are spread over, from technology on
 *   --dir=/tmp/deep-reads     SQLite's data directory; reused when it already holds the store
 *   --schema=deep_reads       PostgreSQL's schema; reused when it already holds the store
 *   --serve                   also (SQLite, needs `npm run build`): start the production server on
 *                             the store and sample /healthz every 20 ms while 3 broad searches run
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { FEED_SECTION_KEYS, type FeedSectionKey } from "#domain/sections.ts";
import { serveProduction } from "#scripts/lib/serve.ts";
import { getConfig } from "#server/config.server.ts";
import { headline, sentence } from "#server/ingest/testing/generate.ts";
import { createFeedEngine, feedEngineSettings } from "#server/news/engine.server.ts";
import type { FeedItem } from "#server/store/feed-store.ts";
import { openStore, type StoreLocation } from "#server/store/open.server.ts";
import { adminQuery, urlWithSchema } from "#server/store/testing/scratch-schema.ts";

const flag = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const STORES = flag("stores", "sqlite").split(",");
const ARTICLES = Number(flag("articles", "100000"));
const FEEDS = Number(flag("feeds", "200"));
const SECTIONS = Number(flag("sections", "1"));
const DIR = flag("dir", path.join(tmpdir(), "deep-reads"));
const SCHEMA = flag("schema", "deep_reads");
const SERVE = process.argv.includes("--serve");
const PG_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://evnews:evnews@127.0.0.1:5432/evnews_test";

const perFeed = Math.ceil(ARTICLES / FEEDS);
const feedUrl = (n: number) => `http://127.0.0.1:9/feed/${n}.xml`;
const config = new Map<FeedSectionKey, string[]>();
for (let n = 0; n < FEEDS; n++) {
  const key = FEED_SECTION_KEYS[(n % SECTIONS) + FEED_SECTION_KEYS.indexOf("technology")] as FeedSectionKey;
  config.set(key, [...(config.get(key) ?? []), feedUrl(n)]);
}

function items(n: number, from: number, count: number, start: number): FeedItem[] {
  return Array.from({ length: count }, (_, i) => {
    const k = from + count - 1 - i;
    const seed = n * 7919 + k;
    return {
      guid: `pub${n}-${k}`,
      position: i,
      title: headline(seed),
      excerpt: `${sentence(seed + 1)} seeded ${sentence(seed + 2)}`,
      content: "",
      link: `https://pub${n}.example/a/${k}`,
      publishedAt: new Date(start + k * 60_000 - n * 1000).toISOString(),
      dated: true,
      readTime: 1,
    };
  });
}

async function seed(location: StoreLocation) {
  const store = openStore(location).store;
  try {
    await store.feeds.syncFeeds(config);
    if ((await store.feeds.articleCount(feedUrl(FEEDS - 1))) >= perFeed) return "reused";
    const start = Date.now() - perFeed * 60_000;
    const half = Math.floor(perFeed / 2);
    const at = new Date().toISOString();
    for (let n = 0; n < FEEDS; n++) {
      // Two fetches: the first half of the feed's items leave it (archived), the second half stays.
      await store.feeds.saveSuccess(feedUrl(n), { items: items(n, 0, half, start) }, at, at);
      await store.feeds.saveSuccess(feedUrl(n), { items: items(n, half, perFeed - half, start) }, at, at);
    }
    return "seeded";
  } finally {
    await store.close();
  }
}

async function time<T>(label: string, fn: () => Promise<T>, show: (v: T) => string) {
  const t = performance.now();
  const value = await fn();
  console.log(`  ${label}: ${(performance.now() - t).toFixed(0)} ms (${show(value)})`);
}

async function measure(kind: string, location: StoreLocation) {
  const t = performance.now();
  console.log(
    `${kind}: ${await seed(location)} ${ARTICLES} articles in ${FEEDS} feeds (${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
  const opened = openStore(location);
  const { store } = opened;
  const engine = createFeedEngine({
    // The environment's settings, as the server would read them; this benchmark's feeds.
    ...feedEngineSettings(getConfig()),
    store: opened,
    feeds: config,
    logger: { info() {}, warn() {}, error() {} } as never,
  });
  try {
    const section = "technology";
    await engine.getSectionArticles(section, 15); // warm: prepared statements, caches
    for (const page of [2, 50, 100, 9999])
      await time(
        `${section} page ${page}`,
        () => engine.getSectionArchive(section, page, 15),
        (p) => `${p.articles.length} articles, more: ${p.more}`,
      );
    for (const [q, page] of [
      ["seeded", 1],
      ["seeded", 50],
      ["seeded!", 1],
      ["charging seeded", 1],
    ] as const)
      await time(
        `search "${q}" page ${page}`,
        () => engine.searchPage(q, page, 20),
        (p) => `${p.hits.length} hits, more: ${p.more}`,
      );
  } finally {
    await engine.stop();
    await store.close();
  }
}

async function serveAndSample() {
  const configFile = path.join(DIR, "feeds.json");
  writeFileSync(configFile, JSON.stringify(Object.fromEntries(config)));
  const served = await serveProduction(
    4431,
    { DATA_DIR: DIR, FEEDS_CONFIG: configFile, FEED_REFRESH_MINUTES: "60", SEARCH_RATE_LIMIT: "0" },
    { stdout: "ignore" },
  );
  const get = (p: string) =>
    fetch(`${served.url}${p}`).then(async (r) => {
      await r.text();
      return r.status;
    });
  try {
    // Warm: the first renders compile; the feeds' first (failing) refresh settles.
    for (const p of ["/healthz", "/technology", "/search?q=warm", "/search?q=battery", "/technology?page=3"])
      await get(p);
    for (const [label, paths] of [
      [
        "3 broad searches",
        ["seeded", "seeded charging", "seeded battery"].map((q) => `/search?q=${encodeURIComponent(q)}`),
      ],
      ["3 deepest archive pages", [98, 99, 100].map((n) => `/technology?page=${n}`)],
    ] as const) {
      const samples: number[] = [];
      let busy = true;
      const sampler = (async () => {
        while (busy) {
          const t = performance.now();
          await get("/healthz");
          samples.push(performance.now() - t);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      const t = performance.now();
      const statuses: number[] = [];
      // Three rounds of three at once, each request a cache miss (its own query or page).
      for (let round = 0; round < 3; round++)
        statuses.push(
          ...(await Promise.all(
            paths.map((p) =>
              get(
                `${p}${p.includes("?") ? "&" : "?"}r=${round}${label.startsWith("3 broad") ? `&page=${round + 2}` : ""}`,
              ),
            ),
          )),
        );
      const ms = performance.now() - t;
      busy = false;
      await sampler;
      samples.sort((a, b) => a - b);
      const at = (p: number) =>
        samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]?.toFixed(0);
      console.log(
        `  served, ${label} x3 rounds (${[...new Set(statuses)].join(",")}): ${ms.toFixed(0)} ms; /healthz meanwhile n=${samples.length} p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`,
      );
    }
  } finally {
    await served.stop();
  }
}

for (const kind of STORES) {
  if (kind === "sqlite") {
    mkdirSync(DIR, { recursive: true });
    await measure("sqlite", { dataDir: DIR });
    if (SERVE && existsSync(DIR)) await serveAndSample();
  } else {
    await adminQuery(PG_URL, `CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
    await measure("postgres", { dataDir: "", databaseUrl: urlWithSchema(PG_URL, SCHEMA) });
  }
}
