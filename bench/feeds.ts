/**
 * Feed parsing benchmark: `npm run bench:feeds` (node bench/feeds.ts).
 *
 * Parses and normalises a corpus of realistic feeds (our fixtures, our sample feeds and large
 * generated ones) with our engine, with rss-parser, with feedsmith and with bare fast-xml-parser,
 * in the same run, and prints items per second and the ratios. Goals: at least 3x rss-parser, and
 * within 1.5x of the bare XML parse (which builds a tree and nothing else).
 *
 * Figures, not assertions: timing depends on the machine, so no test checks them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { XMLParser } from "fast-xml-parser";
import { parseFeed as feedsmithParse } from "feedsmith";
import RssParser from "rss-parser";
import { decodeFeedBytes } from "#server/ingest/decode.ts";
import { normalizeFeed } from "#server/ingest/normalize.ts";
import { parseFeed } from "#server/ingest/parse.ts";
import { generateAtom, generateRdf, generateRss } from "#server/ingest/testing/generate.ts";

type Feed = { name: string; group: string; xml: string; items: number };

const root = join(import.meta.dirname, "..");
const BASE_URL = "https://bench.example/feed.xml";
// Fixtures that exist to be rejected or attacked are not "realistic feeds".
const NOT_CORPUS = new Set(["invalid.xml", "billion-laughs.xml", "xxe.xml", "not-a-feed.html"]);

function readDir(dir: string, prefix: string): { name: string; group: string; xml: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(".xml") && !NOT_CORPUS.has(n))
    .sort()
    .map((n) => ({
      name: `${prefix}/${n}`,
      group: prefix,
      xml: decodeFeedBytes(readFileSync(join(dir, n))),
    }));
}

function corpus(): Feed[] {
  const sources = [
    ...readDir(join(root, "tests/fixtures/feeds"), "fixtures"),
    ...readDir(join(root, "content/samples"), "samples"),
    // A big newspaper section feed: many items, descriptions only.
    {
      name: "generated/rss-1000-items",
      group: "large",
      xml: generateRss({ items: 1000, guidPrefix: "big" }),
    },
    // Blog-style feeds carrying whole articles in content:encoded.
    ...[400, 800, 1500].map((words) => ({
      name: `generated/rss-full-text-${words}w`,
      group: "full text",
      xml: generateRss({ items: 20, contentWords: words, guidPrefix: `w${words}` }),
    })),
    ...[1, 2, 3].map((k) => ({
      name: `generated/rss-section-${k}`,
      group: "large",
      xml: generateRss({ items: 50, spacingMinutes: 20 + k, guidPrefix: `s${k}` }),
    })),
    { name: "generated/atom-100", group: "full text", xml: generateAtom({ items: 100, contentWords: 250 }) },
    {
      name: "generated/atom-summaries-200",
      group: "large",
      xml: generateAtom({ items: 200, guidPrefix: "sum" }),
    },
    { name: "generated/rdf-200", group: "large", xml: generateRdf({ items: 200 }) },
  ];
  return sources.map((s) => ({ ...s, items: parseFeed(s.xml).items.length }));
}

type Contender = { name: string; run: (xml: string) => unknown };

const fxp = new XMLParser({ ignoreAttributes: false });
const rssParser = new RssParser();

const contenders: Contender[] = [
  { name: "ours (parse + normalise)", run: (xml) => normalizeFeed(parseFeed(xml), BASE_URL) },
  { name: "rss-parser", run: (xml) => rssParser.parseString(xml) },
  { name: "feedsmith", run: (xml) => feedsmithParse(xml) },
  { name: "fast-xml-parser (bare)", run: (xml) => fxp.parse(xml) },
];

/**
 * CPU time (user + system) of one pass over the feeds, in milliseconds. CPU time rather than wall
 * time: on a shared machine other processes take turns on the cores, which stretches wall time but
 * not the CPU time this process spends. (It includes V8's helper threads, such as the GC's.)
 */
// A full collection before each contender's turn, so none pays for garbage another one left.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

async function passMs(contender: Contender, feeds: Feed[]): Promise<number> {
  const start = process.cpuUsage();
  for (const feed of feeds) await contender.run(feed.xml);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function best(values: number[]): number {
  return values.length === 0 ? Number.NaN : Math.min(...values);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function main() {
  const feeds = corpus();
  const items = feeds.reduce((n, f) => n + f.items, 0);
  const bytes = feeds.reduce((n, f) => n + Buffer.byteLength(f.xml), 0);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
  console.log(`Corpus: ${feeds.length} feeds, ${items} items, ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
  const groups = [...new Set(feeds.map((f) => f.group))];
  for (const g of groups) {
    const members = feeds.filter((f) => f.group === g);
    console.log(
      `  ${g.padEnd(10)} ${members.length} feeds, ${members.reduce((n, f) => n + f.items, 0)} items`,
    );
  }

  // Each contender in turn: warm up, collect the garbage, then its measured rounds (its own garbage
  // and collections are part of its cost).
  const times = new Map<string, number[]>();
  const key = (contender: string, group: string) => `${contender}\u0000${group}`;
  for (const c of contenders) {
    for (let i = 0; i < 3; i++) await passMs(c, feeds);
    collectGarbage();
    for (let r = 0; r < rounds; r++) {
      for (const g of ["all", ...groups]) {
        const t = await passMs(c, g === "all" ? feeds : feeds.filter((f) => f.group === g));
        const list = times.get(key(c.name, g)) ?? [];
        list.push(t);
        times.set(key(c.name, g), list);
      }
    }
  }
  // The best round is the figure least disturbed by other processes (caches, frequency scaling);
  // the median is printed beside it for comparison.
  const ms = (contender: string, group = "all") => best(times.get(key(contender, group)) ?? []);
  const mid = (contender: string, group = "all") => median(times.get(key(contender, group)) ?? []);

  console.log(`\nWhole corpus, CPU time, best (median) of ${rounds} rounds:`);
  for (const c of contenders) {
    const t = ms(c.name);
    const rate = Math.round(items / (t / 1000)).toLocaleString("en-US");
    const spread = `(${mid(c.name).toFixed(1)})`;
    console.log(
      `  ${c.name.padEnd(26)} ${t.toFixed(1).padStart(8)} ms ${spread.padStart(9)}  ${rate.padStart(10)} items/s`,
    );
  }
  const OURS = "ours (parse + normalise)";
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log("\nRatios (best rounds; medians in brackets):");
  console.log(
    `  ours vs rss-parser:             ${ratio(ms("rss-parser"), ms(OURS))}x faster (${ratio(mid("rss-parser"), mid(OURS))}x) — goal >= 3x`,
  );
  console.log(
    `  ours vs bare fast-xml-parser:   ${ratio(ms(OURS), ms("fast-xml-parser (bare)"))}x its time (${ratio(mid(OURS), mid("fast-xml-parser (bare)"))}x) — goal <= 1.5x`,
  );
  console.log(
    `  ours vs feedsmith (parse only): ${ratio(ms("feedsmith"), ms(OURS))}x faster (${ratio(mid("feedsmith"), mid(OURS))}x)`,
  );
  console.log("\nBy kind of feed, ours vs rss-parser (best rounds):");
  for (const g of groups) {
    const detail = `(${ms(OURS, g).toFixed(1)} ms vs ${ms("rss-parser", g).toFixed(1)} ms)`;
    console.log(`  ${g.padEnd(10)} ${ratio(ms("rss-parser", g), ms(OURS, g))}x faster ${detail}`);
  }
}

await main();
