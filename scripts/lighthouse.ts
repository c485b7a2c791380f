/**
 * `npm run lighthouse`: Lighthouse on the production build, measured the way a reader reproduces
 * it: the stock CLI (`npx lighthouse`), which starts a fresh Chromium for every run, with its
 * default settings (mobile emulation, simulated throttling). Each page gets 3 performance runs
 * (the median is reported) and one run of the other categories; the exact commands are printed.
 * Exits non-zero below the budgets (BUDGET; targets in docs/performance.md).
 *
 * Script is counted two ways. "LH JS" is Lighthouse's own count: the bytes its network log says
 * script files took on the wire (resource-summary), which leaves out the inline scripts inside
 * the HTML (React's streaming swaps, the Speculation Rules). "strict JS", the one the budgets apply
 * to (15 KB on a reading page, 90 KB on a page with islands), is every script the page ran, files
 * and inline ones alike, as Lighthouse collected them (its saved Scripts artifact), each gzipped
 * at level 6 on its own and summed.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CHROMIUM_PATH, CONTAINER_FLAGS } from "./lib/chromium.ts";
import { type RanScript, strictScriptKb } from "./lib/script-size.ts";
import { serveProduction } from "./lib/serve.ts";

const PAGES = (
  process.env.LH_PAGES ??
  "/,/technology,/search?q=electric,/blog,/blog/ccs1-to-j3400-plug-switch,/about,/books,/faq,/contact,/radio,/rss-manager,/sitemap-manager"
).split(",");
/** The pages that keep React for a widget (islands, ADR 0014); every other page is a reading page. */
const INTERACTIVE = new Set(["/faq", "/contact", "/radio", "/rss-manager", "/sitemap-manager"]);
const isInteractive = (page: string) => INTERACTIVE.has(page.split("?")[0] ?? page);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
// The only Chromium flags: what a headless container needs. Everything else is Lighthouse's default.
const CHROME_FLAGS = CONTAINER_FLAGS.join(" ");
// docs/performance.md: the same on every key page, but script, which depends on the page's kind.
const BUDGET = {
  performance: 100,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcpMs: 1200,
  cls: 0.002,
  tbtMs: 10,
  strictJsKb: 15,
  cssKb: 20,
};
const SCRIPT_BUDGET_KB = { reading: 15, interactive: 90 };
const budgetFor = (page: string) => ({
  ...BUDGET,
  strictJsKb: SCRIPT_BUDGET_KB[isInteractive(page) ? "interactive" : "reading"],
});

type Row = {
  page: string;
  performance: number;
  accessibility: number;
  "best-practices": number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  lhJsKb: number;
  strictJsKb: number;
  cssKb: number;
};

type Lhr = {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      numericValue?: number;
      errorMessage?: string;
      details?: unknown;
    }
  >;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

async function gzipKb(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(
      await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
    );
    total += gzipSync(body, { level: 6 }).length;
  }
  return kb(total);
}

const quote = (arg: string) =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `"${arg.replace(/(["\\$`])/g, "\\$1")}"`;

/** One stock CLI run: a fresh Chromium, default settings; the report (and artifacts) go to `dir`. */
async function runLighthouse(
  url: string,
  categories: string,
  dir: string,
  saveArtifacts: boolean,
): Promise<Lhr> {
  const args = [
    url,
    `--only-categories=${categories}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    "--output=json",
    `--output-path=${path.join(dir, "report.json")}`,
    ...(saveArtifacts ? [`-GA=${path.join(dir, "artifacts")}`] : []),
    "--quiet",
  ];
  console.log(`  CHROME_PATH=${CHROME_PATH} npx lighthouse ${args.map(quote).join(" ")}`);
  // Asynchronously: a blocked event loop would miss the server closing idle keep-alive sockets.
  const child = spawn(path.resolve("node_modules/.bin/lighthouse"), args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CHROME_PATH },
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  try {
    return JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8")) as Lhr;
  } catch {
    // A run that failed (e.g. NO_NAVSTART) may exit non-zero with or without a report: the caller
    // repeats it.
    return {
      runtimeError: { message: `lighthouse exited with ${code}, no report` },
      categories: {},
      audits: {},
    };
  }
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

execFileSync(process.execPath, ["scripts/ensure-build.ts"], { stdio: "inherit" });
// The fixture feeds (tests/e2e/support/news-feeds.ts), so the pages are full and repeatable offline.
const feedsPort = Number(process.env.LH_FEEDS_PORT ?? 4409);
const feeds = spawn(process.execPath, ["tests/e2e/support/news-feeds.ts"], {
  stdio: "ignore",
  env: { ...process.env, NEWS_FEEDS_PORT: String(feedsPort) },
});
process.env.NEWS_FEEDS_PORT = String(feedsPort);
const { writeFeedsConfig } = await import("./lib/feeds-config.ts");
await new Promise((r) => setTimeout(r, 500));
const server = await serveProduction(
  Number(process.env.LH_PORT ?? 4400),
  process.env.LH_OFFLINE === "on" ? {} : { FEEDS_CONFIG: process.env.FEEDS_CONFIG ?? writeFeedsConfig() },
  { stdout: "ignore" },
);
const work = mkdtempSync(path.join(tmpdir(), "lighthouse-"));

const rows: Row[] = [];
const failures: string[] = [];
try {
  // Warm the server (and the store) before measuring.
  for (const p of PAGES) await fetch(server.url + p);
  for (const p of PAGES) {
    console.log(p);
    const runs: Row[] = [];
    let retries = 0;
    for (let i = 0; i < RUNS; i++) {
      const dir = mkdtempSync(path.join(work, "run-"));
      const lhr = await runLighthouse(server.url + p, "performance", dir, true);
      const lcpAudit = lhr.audits["largest-contentful-paint"];
      if (lhr.runtimeError || lcpAudit?.numericValue === undefined) {
        // A run Lighthouse could not complete measures nothing: say why and run it again.
        console.warn(
          `  ${p} run ${i + 1}: ${lhr.runtimeError?.message ?? lcpAudit?.errorMessage ?? "no LCP"}; repeating`,
        );
        if (++retries > 3) throw new Error(`Lighthouse kept failing on ${p}`);
        i--;
        continue;
      }
      const artifacts = JSON.parse(readFileSync(path.join(dir, "artifacts", "artifacts.json"), "utf8")) as {
        Scripts: RanScript[];
      };
      const requests =
        (lhr.audits["network-requests"]?.details as { items?: Array<{ url: string; resourceType?: string }> })
          ?.items ?? [];
      const sameOrigin = requests.filter((r) => r.url.startsWith(server.url));
      const summary =
        (
          lhr.audits["resource-summary"]?.details as {
            items?: Array<{ resourceType: string; transferSize: number }>;
          }
        )?.items ?? [];
      runs.push({
        page: p,
        performance: score(lhr, "performance"),
        accessibility: Number.NaN,
        "best-practices": Number.NaN,
        seo: Number.NaN,
        lcpMs: Math.round(lcpAudit.numericValue),
        cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN) * 1000) / 1000,
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
        lhJsKb: kb(summary.find((item) => item.resourceType === "script")?.transferSize ?? Number.NaN),
        strictJsKb: strictScriptKb(artifacts.Scripts),
        cssKb: await gzipKb(sameOrigin.filter((r) => r.resourceType === "Stylesheet").map((r) => r.url)),
      });
      const last = runs[runs.length - 1] as Row;
      console.log(
        `    perf ${last.performance}, LCP ${last.lcpMs} ms, TBT ${last.tbtMs} ms, CLS ${last.cls}`,
      );
    }
    const row = { page: p } as Row;
    for (const k of Object.keys(runs[0] ?? {}) as Array<keyof Row>) {
      if (k !== "page") row[k] = median(runs.map((r) => r[k]));
    }
    // The other categories do not depend on timing: one run each.
    let lhr = await runLighthouse(
      server.url + p,
      "accessibility,best-practices,seo",
      mkdtempSync(path.join(work, "run-")),
      false,
    );
    for (let retry = 0; lhr.runtimeError && retry < 3; retry++) {
      console.warn(`  ${p}: ${lhr.runtimeError.message}; repeating`);
      lhr = await runLighthouse(
        server.url + p,
        "accessibility,best-practices,seo",
        mkdtempSync(path.join(work, "run-")),
        false,
      );
    }
    for (const id of ["accessibility", "best-practices", "seo"] as const) {
      row[id] = score(lhr, id);
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          console.log(`  ${p} ${id}: ${audit.id} — ${audit.title}`);
        }
      }
    }
    rows.push(row);
    console.log(
      `  median: perf ${row.performance}, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls};` +
        ` a11y ${row.accessibility}, best ${row["best-practices"]}, seo ${row.seo};` +
        ` LH JS ${row.lhJsKb} KB, strict JS ${row.strictJsKb} KB, CSS ${row.cssKb} KB`,
    );
    const higherIsBetter = ["performance", "accessibility", "best-practices", "seo"];
    const budget = budgetFor(p);
    for (const k of Object.keys(budget) as Array<keyof typeof budget>) {
      const ok = higherIsBetter.includes(k) ? row[k] >= budget[k] : row[k] <= budget[k];
      if (!ok) failures.push(`${p}: ${k} ${row[k]} (budget ${budget[k]})`);
    }
  }
} finally {
  await server.stop();
  feeds.kill();
  rmSync(work, { recursive: true, force: true });
}

console.log(
  `\nLighthouse (stock CLI, default mobile settings, a fresh Chromium per run), median of ${RUNS}` +
    ` performance runs, production build, ${process.env.LH_OFFLINE === "on" ? "offline samples" : "fixture feeds"}\n`,
);
const header = [
  "page",
  "perf",
  "a11y",
  "best",
  "seo",
  "LCP ms",
  "CLS",
  "TBT ms",
  "LH JS KB",
  "strict JS KB",
  "CSS KB gz",
];
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const r of rows) {
  console.log(
    `| ${[r.page, r.performance, r.accessibility, r["best-practices"], r.seo, r.lcpMs, r.cls, r.tbtMs, r.lhJsKb, r.strictJsKb, r.cssKb].join(" | ")} |`,
  );
}
console.log(
  "\nLH JS: script files as Lighthouse counts them (bytes on the wire, inline scripts not included)." +
    "\nstrict JS: every script the page ran, files and inline, each gzipped at level 6, summed" +
    ` (budget ${SCRIPT_BUDGET_KB.reading} KB on a reading page, ${SCRIPT_BUDGET_KB.interactive} KB on ${[...INTERACTIVE].join(", ")}).`,
);
if (failures.length) {
  console.error(`\nOver budget:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("\nAll pages within budget.");
