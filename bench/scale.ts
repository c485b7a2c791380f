/**
 * `npm run bench -- --scale` (or `npm run bench:scale`): ingest at scale. A local generator serves
 * N feeds that each add items on every poll; the production server refreshes them every minute
 * while autocannon loads `/` and `/search` (rotating common words). Printed per feed count: home
 * req/s (median and worst second), home p99, search p99, the last refresh cycle's duration, peak
 * RSS, event-loop delay p99 (web thread) and the database's size after the run.
 *
 * `--stores=sqlite,postgres` runs each feed count on both stores, side by side: PostgreSQL in a
 * fresh schema on BENCH_DATABASE_URL (default TEST_DATABASE_URL, then the local test database),
 * dropped afterwards with pg-boss's schema beside it.
 *
 * Full size is slow and wants a quiet machine. Smaller runs, by environment or flags:
 *   BENCH_SCALE_FEEDS=600,1000 (--feeds=)   feed counts, one run each
 *   BENCH_SCALE_ITEMS=50       (--items=)   items per feed listing
 *   BENCH_SCALE_NEW=3          (--new=)     new items per feed per poll
 *   BENCH_SCALE_CYCLES=3       (--cycles=)  refresh cycles under load
 *   BENCH_SCALE_MINUTES=1      (--minutes=) FEED_REFRESH_MINUTES
 *   BENCH_SCALE_STORES=sqlite  (--stores=)  sqlite, postgres or both
 *   BENCH_SCALE_WARMUP=5       (--warmup=)  seconds of the same load before measuring (JIT, caches)
 *   BENCH_CONNECTIONS=10 (home), BENCH_SEARCH_CONNECTIONS=2
 * e.g. `npm run bench:scale -- --feeds=60 --cycles=1 --minutes=0.2` is a smoke run of ~30 s.
 */
import { execFileSync } from "node:child_process";
import { statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";
import { peakRssMb, serveProduction } from "#scripts/lib/serve.ts";
import { headline, sentence } from "#server/ingest/testing/generate.ts";
import { adminQuery, schemasSizeMb, urlWithSchema } from "#server/store/testing/scratch-schema.ts";

const root = path.resolve(import.meta.dirname, "..");
const flag = (name: string, env: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
  process.env[env] ??
  fallback;
const FEED_COUNTS = flag("feeds", "BENCH_SCALE_FEEDS", "600,1000").split(",").map(Number);
const ITEMS = Number(flag("items", "BENCH_SCALE_ITEMS", "50"));
const NEW_PER_POLL = Number(flag("new", "BENCH_SCALE_NEW", "3"));
const CYCLES = Number(flag("cycles", "BENCH_SCALE_CYCLES", "3"));
const MINUTES = Number(flag("minutes", "BENCH_SCALE_MINUTES", "1"));
const WARMUP_SECONDS = Number(flag("warmup", "BENCH_SCALE_WARMUP", "5"));
const STORES = flag("stores", "BENCH_SCALE_STORES", "sqlite").split(",") as Store[];
const PG_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://evnews:evnews@127.0.0.1:5432/evnews_test";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 2);
const APP_PORT = Number(process.env.BENCH_PORT ?? 4420);
const WORDS = ["charging", "battery", "grid", "drivers", "network", "council", "prices", "plans", "electric"];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** N feeds; each poll of a feed adds NEW_PER_POLL items on top of its listing. */
async function startGenerator(feeds: number) {
  const polls = new Map<number, number>();
  // Each item keeps its date from poll to poll, as a publisher's do (dates counted from "now" at
  // each poll changed every stored item, so every poll rewrote all 50): the newest is about now.
  const start = Date.now();
  const spacingMs = (MINUTES * 60_000) / Math.max(1, NEW_PER_POLL);
  const server = createServer((req, res) => {
    const n = Number(/^\/feed\/(\d+)\.xml$/.exec(req.url ?? "")?.[1] ?? Number.NaN);
    if (!Number.isInteger(n) || n >= feeds) return void res.writeHead(404).end();
    const poll = (polls.get(n) ?? 0) + 1;
    polls.set(n, poll);
    const newest = ITEMS + poll * NEW_PER_POLL;
    const items: string[] = [];
    for (let k = newest; k > newest - ITEMS; k--) {
      const seed = n * 7919 + k;
      items.push(`<item><title>${esc(headline(seed))}</title><link>https://pub${n}.example/a/${k}</link>
<guid>pub${n}-${k}</guid><description>${esc(`${sentence(seed + 1)} ${sentence(seed + 2)}`)}</description>
<pubDate>${new Date(start + (k - ITEMS) * spacingMs - n * 1000).toUTCString()}</pubDate></item>`);
    }
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Publisher ${n}</title>
<link>https://pub${n}.example/</link><description>Generated</description>${items.join("\n")}</channel></rss>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const config: Record<string, string[]> = {};
  for (let n = 0; n < feeds; n++) {
    const key = FEED_SECTION_KEYS[n % FEED_SECTION_KEYS.length] as string;
    config[key] ??= [];
    config[key].push(`http://127.0.0.1:${port}/feed/${n}.xml`);
  }
  const file = path.join(tmpdir(), `bench-scale-${feeds}-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(config));
  return { file, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

type Health = {
  feeds: { lastSuccessAt: string | null; lastAttemptAt: string | null }[];
  /** `shared`: a PostgreSQL cycle job (its ms is the queueing only, not the fetches). */
  lastCycle: { startedAt: string; ms: number; feeds: number; shared?: true } | null;
  eventLoopDelayMs: { p99: number; max: number };
};

const health = async (url: string) => (await (await fetch(`${url}/api/health/feeds`)).json()) as Health;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function dbSizeMb(dir: string): number {
  let bytes = 0;
  for (const f of ["news.db", "news.db-wal"]) {
    try {
      bytes += statSync(path.join(dir, f)).size;
    } catch {
      // no WAL
    }
  }
  return Math.round(bytes / 1024 / 102.4) / 10;
}

type Store = "sqlite" | "postgres";

/**
 * Shared polling's refresh time, read from the feeds: the span of the last round's fetch starts
 * (the attempts within 3/4 of an interval of the newest). pg-boss queues a round's fetches at once,
 * so this is how long the round took to work through, less its last fetch.
 */
function lastRoundSpanMs(h: Health): number {
  const at = h.feeds.map((f) => Date.parse(f.lastAttemptAt ?? "")).filter(Number.isFinite);
  const newest = Math.max(...at);
  const round = at.filter((t) => t >= newest - 0.75 * MINUTES * 60_000);
  return newest - Math.min(...round);
}

/** A fresh schema on PG_URL; the server's URL selects it by search_path (pg-boss goes beside it). */
async function pgSchema() {
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  const schemas = [schema, `${schema}_pgboss`];
  await adminQuery(PG_URL, `CREATE SCHEMA ${schema}`);
  return {
    url: urlWithSchema(PG_URL, schema),
    sizeMb: () => schemasSizeMb(PG_URL, schemas),
    drop: async () => {
      for (const s of schemas) await adminQuery(PG_URL, `DROP SCHEMA IF EXISTS ${s} CASCADE`);
    },
  };
}

type Row = {
  store: Store;
  feeds: number;
  homeMedian: number;
  homeWorst: number;
  homeP99: number;
  searchP99: number;
  searchReqs: number;
  cycleMs: number[];
  rssMb: number;
  loopP99: number;
  dbMb: number;
  articles: number;
};

async function run(feedCount: number, store: Store): Promise<Row> {
  const gen = await startGenerator(feedCount);
  const database = store === "postgres" ? await pgSchema() : undefined;
  const server = await serveProduction(
    APP_PORT,
    {
      FEEDS_CONFIG: gen.file,
      FEED_REFRESH_MINUTES: String(MINUTES),
      FEEDS_ALLOW_PRIVATE: "on",
      // One client (autocannon) runs every search: the per-client limit would answer 429s.
      SEARCH_RATE_LIMIT: "0",
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    { stdout: "ignore" },
  );
  try {
    // The first cycle (everything cold) is not measured: wait until every feed is stored.
    const t0 = Date.now();
    for (;;) {
      const h = await health(server.url);
      // Shared polling (PostgreSQL) has no whole-cycle event: every feed stored is the sign.
      if (h.feeds.every((f) => f.lastSuccessAt) && (h.lastCycle || database)) break;
      if (Date.now() - t0 > 10 * 60_000) throw new Error("the first refresh did not finish in 10 minutes");
      await new Promise((r) => setTimeout(r, 1000));
    }
    // A fresh process is slow for its first seconds (compiling, filling caches) whatever ingest
    // does: those seconds are loaded but not measured.
    if (WARMUP_SECONDS > 0) {
      await Promise.all([
        autocannon({ url: `${server.url}/`, connections: CONNECTIONS, duration: WARMUP_SECONDS }),
        autocannon({
          url: `${server.url}/search?q=${WORDS[0]}`,
          connections: SEARCH_CONNECTIONS,
          duration: WARMUP_SECONDS,
        }),
      ]);
    }
    const seconds = Math.max(10, Math.round(CYCLES * MINUTES * 60));
    const cycles = new Map<string, number>();
    const watch = setInterval(async () => {
      const c = (await health(server.url).catch(() => undefined))?.lastCycle;
      if (c && !c.shared) cycles.set(c.startedAt, c.ms);
    }, 2000);
    const perSecond: number[] = [];
    const home = new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: `${server.url}/`, connections: CONNECTIONS, duration: seconds },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      // Each second's completed requests (the typings omit the tick's argument).
      (instance as unknown as NodeJS.EventEmitter).on("tick", ({ counter }: { counter: number }) => {
        perSecond.push(counter);
      });
    });
    let q = 0;
    const search = autocannon({
      url: `${server.url}/search`,
      connections: SEARCH_CONNECTIONS,
      duration: seconds,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/search?q=${WORDS[q++ % WORDS.length]}` }) }],
    });
    const [h, s] = await Promise.all([home, search]);
    // The first and last ticks may cover part of a second only.
    const whole = perSecond.length > 2 ? perSecond.slice(1, -1) : perSecond;
    console.error(`  home requests per second: ${whole.join(" ")}`);
    clearInterval(watch);
    const last = await health(server.url);
    if (last.lastCycle && !last.lastCycle.shared) cycles.set(last.lastCycle.startedAt, last.lastCycle.ms);
    else cycles.set("last round", lastRoundSpanMs(last));
    const articles = (last.feeds as unknown as { articleCount: number }[]).reduce(
      (n, f) => n + f.articleCount,
      0,
    );
    return {
      store,
      feeds: feedCount,
      homeMedian: median(whole),
      homeWorst: Math.min(...whole),
      homeP99: h.latency.p99,
      searchP99: s.latency.p99,
      searchReqs: Math.round(s.requests.average),
      cycleMs: [...cycles.values()],
      rssMb: peakRssMb(server.child.pid),
      loopP99: last.eventLoopDelayMs.p99,
      dbMb: database ? await database.sizeMb() : dbSizeMb(server.dataDir),
      articles,
    };
  } finally {
    await server.stop();
    await gen.stop();
    await database?.drop();
  }
}

execFileSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: root, stdio: "inherit" });
const rows: Row[] = [];
for (const n of FEED_COUNTS) {
  for (const store of STORES) {
    console.error(
      `scale: ${store}, ${n} feeds, ${ITEMS} items each, +${NEW_PER_POLL} per poll, ${CYCLES} cycles of ${MINUTES} min`,
    );
    rows.push(await run(n, store));
  }
}
console.log(
  `\nscale: ${ITEMS} items per feed, +${NEW_PER_POLL} per poll, refresh every ${MINUTES} min, ${CYCLES} cycles under load; autocannon ${CONNECTIONS} connections on /, ${SEARCH_CONNECTIONS} on /search (rotating words)\n`,
);
console.log(
  "| store | feeds | home req/s median | worst second | home p99 ms | search req/s | search p99 ms | refresh cycle s | peak RSS MB | event loop p99 ms | articles | DB MB |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const cycle = r.cycleMs.length ? (Math.max(...r.cycleMs) / 1000).toFixed(1) : "n/a";
  console.log(
    `| ${r.store} | ${r.feeds} | ${r.homeMedian} | ${r.homeWorst} | ${r.homeP99} | ${r.searchReqs} | ${r.searchP99} | ${cycle} | ${r.rssMb} | ${r.loopP99} | ${r.articles} | ${r.dbMb} |`,
  );
}
