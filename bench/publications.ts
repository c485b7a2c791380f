/**
 * `npm run bench -- --publications`: one deployment serving the network (issue 30, ADR 0017).
 * Generates N publications (default 3,000) in a PUBLICATIONS_DIR, each drawing 16 sections of one
 * or two feeds from a pool of F unique feeds (default 5,000) that a local generator serves (each
 * poll adds an item). The production server (SQLite) polls them every few minutes while autocannon
 * loads `/` on random publications' hosts. Printed:
 *
 * - host resolution: the server's own host map over the generated publications, timed here;
 * - home on random hosts: req/s, p50, p99, while a refresh cycle runs;
 * - fetches per URL in the measured cycle, counted at the generator (each unique URL once);
 * - the server's peak RSS (VmHWM);
 * - how long a new publication's folder takes to serve (200 and its name on its host).
 *
 * Smaller runs: --publications-count=300 --pool=500 --minutes=1 --seconds=30.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http, { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";
import { freePort, peakRssMb, rssMb, serveProduction } from "#scripts/lib/serve.ts";
import { headline, sentence } from "#server/ingest/testing/generate.ts";
import { bundledIdentity } from "#server/publications/bundled.server.ts";
import { createHostMap } from "#server/publications/hosts.ts";
import { readPublicationsDir } from "#server/publications/publication-dir.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const flag = (name: string, env: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
  process.env[env] ??
  fallback;
const PUBLICATIONS = Number(flag("publications-count", "BENCH_PUBLICATIONS", "3000"));
const POOL = Number(flag("pool", "BENCH_FEED_POOL", "5000"));
const SECTIONS = 16;
const ITEMS = Number(flag("items", "BENCH_PUB_ITEMS", "20"));
const MINUTES = Number(flag("minutes", "BENCH_PUB_MINUTES", "3"));
const SECONDS = Number(flag("seconds", "BENCH_PUB_SECONDS", "60"));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DOMAIN = "bench.localhost";

/** A small seeded generator: the same network every run. */
function dice(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The pool's feeds; every fetch is counted by URL, per cycle window (`resetCounts`). */
async function startGenerator() {
  const polls = new Map<number, number>();
  let counts = new Map<number, number>();
  const start = Date.now();
  const server = createServer((req, res) => {
    const n = Number(/^\/feed\/(\d+)\.xml$/.exec(req.url ?? "")?.[1] ?? Number.NaN);
    if (!Number.isInteger(n) || n >= POOL) return void res.writeHead(404).end();
    const poll = (polls.get(n) ?? 0) + 1;
    polls.set(n, poll);
    counts.set(n, (counts.get(n) ?? 0) + 1);
    const newest = ITEMS + poll;
    const items: string[] = [];
    for (let k = newest; k > newest - ITEMS; k--) {
      const seed = n * 7919 + k;
      items.push(`<item><title>${esc(headline(seed))}</title><link>https://pub${n}.example/a/${k}</link>
<guid>pub${n}-${k}</guid><description>${esc(sentence(seed + 1))}</description>
<pubDate>${new Date(start + (k - ITEMS) * 60_000 - n * 1000).toUTCString()}</pubDate></item>`);
    }
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Publisher ${n}</title>
<link>https://pub${n}.example/</link><description>Generated</description>${items.join("\n")}</channel></rss>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (n: number) => `http://127.0.0.1:${port}/feed/${n}.xml`,
    resetCounts() {
      const before = counts;
      counts = new Map();
      return before;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** N publications' folders: 16 of the 17 feed sections each, one or two feeds from the pool. */
function writeNetwork(dir: string, url: (n: number) => string) {
  const roll = dice(30);
  let next = 0;
  for (let i = 0; i < PUBLICATIONS; i++) {
    const skip = Math.floor(roll() * FEED_SECTION_KEYS.length);
    const feeds: Record<string, string[]> = {};
    for (const [k, key] of FEED_SECTION_KEYS.entries()) {
      if (k === skip) continue;
      // The pool in turn (every feed is listed), and sometimes a second at random (shared feeds).
      const list = [url(next++ % POOL)];
      if (roll() < 0.5) list.push(url(Math.floor(roll() * POOL)));
      feeds[key] = [...new Set(list)];
    }
    mkdirSync(path.join(dir, `p${i}`));
    writeFileSync(
      path.join(dir, `p${i}`, "publication.json"),
      JSON.stringify({
        name: `Bench Courier ${i}`,
        tagline: `Publication ${i} of the network`,
        hosts: [`p${i}.${DOMAIN}`],
        feeds,
      }),
    );
  }
}

/** The page a host gets (node:http: fetch sends its own Host header whatever it is given). */
function getWithHost(port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/", headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve(res.statusCode === 200 ? body : ""));
    });
    req.on("error", reject);
  });
}

type Health = {
  feeds: { lastSuccessAt: string | null }[];
  lastCycle: { startedAt: string; ms: number } | null;
};

async function health(url: string): Promise<Health> {
  return (await (await fetch(`${url}/api/health/feeds`)).json()) as Health;
}

/** The server's host map over the generated folders, timed per lookup (as a request does it). */
function hostResolution(dir: string) {
  const t0 = performance.now();
  const { publications } = readPublicationsDir(dir, bundledIdentity);
  const readMs = performance.now() - t0;
  const map = createHostMap(publications.map((p) => [p.hosts, p] as const));
  const hosts = publications.map((p) => `${p.hosts[0]}:3000`);
  const roll = dice(7);
  const batches: number[] = [];
  let found = 0;
  for (let b = 0; b < 200; b++) {
    const t = performance.now();
    for (let i = 0; i < 5000; i++) if (map.resolve(hosts[Math.floor(roll() * hosts.length)])) found++;
    batches.push(((performance.now() - t) * 1000) / 5000);
  }
  batches.sort((a, b) => a - b);
  return {
    readMs: Math.round(readMs),
    publications: publications.length,
    medianUs: batches[100] ?? Number.NaN,
    worstUs: batches.at(-1) ?? Number.NaN,
    found,
  };
}

execFileSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: root, stdio: "inherit" });
const gen = await startGenerator();
const dir = mkdtempSync(path.join(tmpdir(), "bench-publications-"));
writeNetwork(dir, gen.url);
const resolution = hostResolution(dir);
console.error(
  `publications: ${resolution.publications} read in ${resolution.readMs} ms; host lookup ${resolution.medianUs.toFixed(3)} µs median batch`,
);
const port = await freePort();
const server = await serveProduction(
  port,
  {
    PUBLICATIONS_DIR: dir,
    FEED_REFRESH_MINUTES: String(MINUTES),
    FEEDS_ALLOW_PRIVATE: "on",
    NEWSLETTER_SEND_AT: "off",
    LOG_LEVEL: "warn",
    // To look at the store afterwards (a profile of its queries).
    ...(process.env.BENCH_DATA_DIR ? { DATA_DIR: process.env.BENCH_DATA_DIR } : {}),
  },
  { stdout: "ignore" },
);
const rows: string[] = [];
// The server's resident set each second, its highest per phase: where the peak comes from.
let phase = "first cycle";
const phasePeaks = new Map<string, number>();
const sampler = setInterval(() => {
  const mb = rssMb(server.child.pid);
  if (!Number.isNaN(mb)) phasePeaks.set(phase, Math.max(phasePeaks.get(phase) ?? 0, mb));
}, 1000);
try {
  // The first cycle (everything cold) is not measured: wait until every feed is stored.
  const t0 = Date.now();
  for (;;) {
    const h = await health(server.url);
    const done = h.feeds.filter((f) => f.lastSuccessAt).length;
    if (done === h.feeds.length && h.lastCycle) break;
    if (Date.now() - t0 > 20 * 60_000)
      throw new Error(`first cycle unfinished after 20 minutes (${done} feeds)`);
    await new Promise((r) => setTimeout(r, 5000));
  }
  const firstCycleS = Math.round((Date.now() - t0) / 1000);
  // Each home once, two at a time, as readers would have visited them on a server that has been up:
  // the measured load is the steady state, not a cold cache (the pass is timed and printed).
  phase = "warm-up";
  const warmStart = Date.now();
  const warmTimes: number[] = [];
  for (let next = 0; next < PUBLICATIONS; ) {
    await Promise.all(
      [next++, next++]
        .filter((i) => i < PUBLICATIONS)
        .map(async (i) => {
          const t = performance.now();
          await getWithHost(port, `p${i}.${DOMAIN}:${port}`);
          warmTimes.push(performance.now() - t);
        }),
    );
  }
  warmTimes.sort((a, b) => a - b);
  const warm = {
    s: (Date.now() - warmStart) / 1000,
    p50: warmTimes[Math.floor(warmTimes.length / 2)] ?? Number.NaN,
    p99: warmTimes[Math.floor(warmTimes.length * 0.99)] ?? Number.NaN,
  };
  console.error(
    `first cycle done in ${firstCycleS} s; each home once in ${warm.s.toFixed(0)} s (p50 ${warm.p50.toFixed(0)} ms, p99 ${warm.p99.toFixed(0)} ms, 2 at a time); loading random hosts for ${SECONDS} s`,
  );
  gen.resetCounts();
  phase = "load";
  const roll = dice(11);
  // What the page cache answered (hit, stale, miss) and what a home weighs.
  const states = new Map<string, number>();
  let homeBytes = 0;
  const home = await autocannon({
    url: `${server.url}/`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: {
            ...req.headers,
            host: `p${Math.floor(roll() * PUBLICATIONS)}.${DOMAIN}:${port}`,
            // As a browser asks: the page compressed on every answer, hits included.
            "accept-encoding": "gzip, deflate, br, zstd",
          },
        }),
        onResponse: (_status, body, _context, headers) => {
          // autocannon keeps the headers' own case.
          const state = String(headers?.["X-Page-Cache"] ?? "rendered");
          states.set(state, (states.get(state) ?? 0) + 1);
          homeBytes = Math.max(homeBytes, body.length);
        },
      },
    ],
  });
  // The rest of the cycle, so that every due feed has had its turn: counted at the generator.
  phase = "rest of the cycle";
  const cycleMs = MINUTES * 60_000 * 1.1;
  const waited = SECONDS * 1000;
  if (cycleMs > waited) await new Promise((r) => setTimeout(r, cycleMs - waited));
  const counts = gen.resetCounts();
  const most = Math.max(0, ...counts.values());
  const last = await health(server.url);

  // A new publication: its folder, then its host until it serves its name.
  phase = "new publication";
  const fresh = path.join(dir, "zz-new");
  mkdirSync(fresh);
  writeFileSync(
    path.join(fresh, "publication.json"),
    JSON.stringify({
      name: "Brand New Courier",
      tagline: "Just launched",
      hosts: [`new.${DOMAIN}`],
      feeds: { local: [gen.url(0)] },
    }),
  );
  const t1 = Date.now();
  let servedS = Number.NaN;
  while (Date.now() - t1 < 120_000) {
    const text = await getWithHost(port, `new.${DOMAIN}:${port}`).catch(() => "");
    if (text.includes("Brand New Courier")) {
      servedS = (Date.now() - t1) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  rows.push(
    `| ${PUBLICATIONS} | ${POOL} | ${resolution.medianUs.toFixed(3)} | ${resolution.worstUs.toFixed(3)} | ${Math.round(home.requests.average)} | ${home.latency.p50} | ${home.latency.p99} | ${home.non2xx} | ${counts.size} | ${most} | ${last.lastCycle ? (last.lastCycle.ms / 1000).toFixed(0) : "n/a"} | ${peakRssMb(server.child.pid)} | ${servedS.toFixed(1)} |`,
  );
  console.error(`first cycle (cold, not measured): ${firstCycleS} s`);
  console.error(`RSS MB, highest per phase: ${[...phasePeaks].map(([k, v]) => `${k} ${v}`).join(", ")}`);
  console.error(
    `page cache answers during the load: ${[...states].map(([k, v]) => `${k} ${v}`).join(", ")}; largest home ${Math.round(homeBytes / 1024)} KB as sent`,
  );
} finally {
  clearInterval(sampler);
  await server.stop();
  await gen.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\npublications: ${PUBLICATIONS} publications × ${SECTIONS} sections from ${POOL} unique feeds (${ITEMS} items, +1 per poll), refresh every ${MINUTES} min, SQLite; autocannon ${CONNECTIONS} connections on / with a random publication's Host for ${SECONDS} s\n`,
);
console.log(
  "| publications | unique feeds | host lookup µs (median batch) | worst batch µs | home req/s | home p50 ms | home p99 ms | non-2xx | URLs fetched in the cycle | most fetches of one URL | last cycle s | peak RSS MB | new publication serving after s |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
