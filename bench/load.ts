/**
 * `npm run bench`: autocannon against the production server with a warm store, 50 connections,
 * for the home page, a section, the JSON API and a static file the size of the home page's HTML,
 * in one run. Then the same with every upstream feed down, and with every upstream hanging:
 * the page figures must not move, because pages read the store and never wait on a publisher.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { HOME_SECTIONS } from "#domain/sections.ts";
import { serveProduction } from "#scripts/lib/serve.ts";

// `npm run bench -- --scale`: the ingest-at-scale scenario (bench/scale.ts) instead.
if (process.argv.includes("--scale")) {
  await import("./scale.ts");
  process.exit(0);
}
// `npm run bench -- --publications`: the network of publications on one server (bench/publications.ts).
if (process.argv.includes("--publications")) {
  await import("./publications.ts");
  process.exit(process.exitCode ?? 0);
}
// `npm run bench -- --mail [--postgres]`: the newsletter's sending (bench/mail.ts) instead.
if (process.argv.includes("--mail")) {
  await import("./mail.ts");
  process.exit(process.exitCode ?? 0);
}

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FEEDS_PORT = Number(process.env.BENCH_FEEDS_PORT ?? 4419);
const APP_PORT = Number(process.env.BENCH_PORT ?? 4420);
const root = path.resolve(import.meta.dirname, "..");

type Row = { scenario: string; target: string; rps: number; p50: number; p99: number; errors: number };

function startFeeds(): ChildProcess {
  return spawn(process.execPath, ["tests/e2e/support/news-feeds.ts"], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, NEWS_FEEDS_PORT: String(FEEDS_PORT) },
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function load(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
}

execFileSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: root, stdio: "inherit" });
let feeds = startFeeds();
await waitFor(`http://127.0.0.1:${FEEDS_PORT}/healthz`);
process.env.NEWS_FEEDS_PORT = String(FEEDS_PORT);
const { writeFeedsConfig } = await import("#scripts/lib/feeds-config.ts");
// Each scenario points the same server's feeds at ok, then dead, then hanging URLs by swapping
// what the fixture server on that port does; the store stays warm from the first refresh.
const config = writeFeedsConfig();
const server = await serveProduction(APP_PORT, { FEEDS_CONFIG: config, FEED_REFRESH_MINUTES: "0.05" });
const rows: Row[] = [];
const staticFile = path.join(root, process.env.BUILD_DIR ?? "build", "client", "bench-static.html");
try {
  // Warm the store: every home section fetched once.
  for (const key of HOME_SECTIONS) {
    await fetch(`${server.url}/api/articles?section=${key}`);
  }
  const home = await (await fetch(`${server.url}/`)).text();
  writeFileSync(staticFile, home);
  const targets = [
    ["/", "home"],
    ["/technology", "section"],
    ["/api/articles?section=world", "api"],
    ["/bench-static.html", "static (same size as home)"],
  ] as const;
  const scenarios: Array<[string, () => Promise<void>]> = [
    ["feeds up", async () => {}],
    [
      "feeds down",
      async () => {
        feeds.kill();
        await new Promise((r) => setTimeout(r, 500));
      },
    ],
    [
      "feeds hanging",
      async () => {
        // A server that accepts connections and never answers.
        const { createServer } = await import("node:net");
        const hang = createServer(() => {});
        await new Promise<void>((r) => hang.listen(FEEDS_PORT, "127.0.0.1", () => r()));
        feeds = { kill: () => hang.close() } as unknown as ChildProcess;
        await new Promise((r) => setTimeout(r, 4000));
      },
    ],
  ];
  for (const [scenario, setup] of scenarios) {
    await setup();
    for (const [target, label] of targets) {
      const r = await load(server.url + target);
      rows.push({
        scenario,
        target: label,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
      });
    }
  }
} finally {
  rmSync(staticFile, { force: true });
  await server.stop();
  feeds.kill();
}

console.log(`\nautocannon, ${CONNECTIONS} connections, ${SECONDS} s each, production build, warm store\n`);
console.log("| scenario | target | req/s | p50 ms | p99 ms | errors |");
console.log("|---|---|---|---|---|---|");
for (const r of rows)
  console.log(`| ${r.scenario} | ${r.target} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
for (const scenario of new Set(rows.map((r) => r.scenario))) {
  const home = rows.find((r) => r.scenario === scenario && r.target === "home");
  const file = rows.find((r) => r.scenario === scenario && r.target.startsWith("static"));
  if (home && file) console.log(`${scenario}: home / static = ${(home.rps / file.rps).toFixed(2)}`);
}
