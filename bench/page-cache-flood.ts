/**
 * `node bench/page-cache-flood.ts`: 20,000 distinct `/<section>?page=N` URLs against the
 * production server on 127.0.0.1 (4 clients at a time), printing the server's RSS before, at its
 * peak and after. Each URL is its own page-cache key; the cache is bounded (entries and bytes) and
 * keeps no page past the end of an archive (those answer 404), so memory stays flat. Before
 * issue 23 the same flood took a server to its heap limit.
 *
 * BENCH_URLS (default 20000), BENCH_CLIENTS (4), BENCH_ITEMS per feed (300).
 */
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";
import { freePort, rssMb, serveProduction } from "#scripts/lib/serve.ts";
import { startFeedServer } from "#server/ingest/testing/feed-server.ts";

const URLS = Number(process.env.BENCH_URLS ?? 20_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 300);
const root = path.resolve(import.meta.dirname, "..");

const rss = (section: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${section}</title><link>https://publisher.example/</link><description>d</description>${Array.from(
    { length: ITEMS },
    (_, i) =>
      `<item><title>${section} story ${i + 1}</title><link>https://publisher.example/${section}/${i + 1}</link><guid>${section}-${i + 1}</guid><description>${"Words about the day's news. ".repeat(8)}</description><pubDate>${new Date(Date.now() - (i + 1) * 60_000).toUTCString()}</pubDate></item>`,
  ).join("")}</channel></rss>`;

execFileSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: root, stdio: "inherit" });
const publisher = await startFeedServer(
  Object.fromEntries(FEED_SECTION_KEYS.map((s) => [`/${s}.xml`, (_req, res) => res.end(rss(s))])),
);
const feedsFile = path.join(tmpdir(), `feeds-flood-${process.pid}.json`);
writeFileSync(
  feedsFile,
  JSON.stringify(Object.fromEntries(FEED_SECTION_KEYS.map((s) => [s, [publisher.url(`/${s}.xml`)]]))),
);
const server = await serveProduction(
  await freePort(),
  { FEEDS_CONFIG: feedsFile, SAMPLE_FALLBACK: "off", LOG_LEVEL: "error" },
  { stdout: "ignore" },
);
const pid = server.child.pid ?? 0;
try {
  // Warm: every section stored and its first page rendered once.
  for (const s of FEED_SECTION_KEYS) await (await fetch(`${server.url}/${s}`)).text();
  await (await fetch(`${server.url}/`)).text();
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 250);
  const statuses = new Map<number, number>();
  const milestones: string[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < URLS) {
        const i = next++;
        const section = FEED_SECTION_KEYS[i % FEED_SECTION_KEYS.length];
        const page = 2 + Math.floor(i / FEED_SECTION_KEYS.length);
        const res = await fetch(`${server.url}/${section}?page=${page}`);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // The resident set at each tenth of the flood: flat once the first pages are kept.
        if ((i + 1) % Math.max(1, Math.floor(URLS / 10)) === 0) milestones.push(`${i + 1}: ${rssMb(pid)} MB`);
      }
    }),
  );
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  const after = rssMb(pid);
  const alive = (await fetch(`${server.url}/healthz`)).ok;
  console.log(
    `${URLS} distinct URLs (${FEED_SECTION_KEYS.length} sections, pages 2–${2 + Math.floor((URLS - 1) / FEED_SECTION_KEYS.length)}, ${CLIENTS} clients) in ${seconds.toFixed(1)} s`,
  );
  console.log(`statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")}`);
  console.log(`server RSS by requests made: ${milestones.join(", ")}`);
  console.log(
    `server RSS: before ${before} MB, peak ${peak} MB, after ${after} MB; still answering: ${alive}`,
  );
} finally {
  await server.stop();
  await publisher.close();
  rmSync(feedsFile, { force: true });
  rmSync(server.dataDir, { recursive: true, force: true });
}
