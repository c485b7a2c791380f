/**
 * `npm run bench -- --mail [--postgres]`: the daily edition to 10,000 confirmed subscribers through
 * a local SMTP sink (bench/mail-sink.ts, its own process, counting a mail only at its final dot).
 * Per store: a clean run of `node scripts/newsletter.ts send` (mails/s, the sender's peak RSS,
 * duration), then a crash run on a fresh store and sink: kill -9 at half the mails, start again,
 * and count the addresses that got no copy or more than one (targets: 0 and 0).
 * `--postgres` adds the same on PostgreSQL in a fresh schema of TEST_DATABASE_URL (`. .ci/postgres`),
 * dropped afterwards. `--kills=N` adds a run per store killed N times, each as a DATA begins.
 * BENCH_MAIL_SUBSCRIBERS (10000) sets the list's size; BENCH_MAIL_NODE_FLAGS replaces the sender's
 * node flags (default: the heap limit `npm run newsletter` uses).
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SECTIONS } from "#domain/sections.ts";
import type { SinkCounts } from "#scripts/lib/smtp-sink.ts";
import { headline, sentence } from "#server/ingest/testing/generate.ts";
import { mailSite } from "#server/mail/mail.server.ts";
import { dayIn } from "#server/mail/send-time.server.ts";
import { renderEdition } from "#server/mail/templates/render.server.ts";
import { openStore } from "#server/store/open.server.ts";
import { editionRecipientsMarkedSent, seedConfirmedSubscribers } from "#server/store/testing/mail-seed.ts";
import { adminQuery, urlWithSchema } from "#server/store/testing/scratch-schema.ts";

const root = path.resolve(import.meta.dirname, "..");
const SUBSCRIBERS = Number(process.env.BENCH_MAIL_SUBSCRIBERS ?? 10_000);
const SITE_URL = "http://localhost:3000";
/** A run that takes longer is killed and reported as such (the figures would mean nothing). */
const RUN_LIMIT_MS = Number(process.env.BENCH_MAIL_LIMIT_MS ?? 10 * 60_000);
const PG_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://evnews:evnews@127.0.0.1:5432/evnews_test";
/** `--kills=N`: one more crash run per store, killed N times, each as a DATA begins (the commit's window). */
const KILLS = Number(
  process.argv.find((a) => a.startsWith("--kills="))?.slice(8) ?? process.env.BENCH_MAIL_KILLS ?? 0,
);
/** Node flags for the sender only, e.g. the server's heap limits (npm start's). */
/** The heap limit `npm run newsletter` gives Node, unless BENCH_MAIL_NODE_FLAGS says otherwise. */
const SENDER_FLAGS = (process.env.BENCH_MAIL_NODE_FLAGS ?? "--max-old-space-size=192")
  .split(" ")
  .filter(Boolean);
const STORES: StoreKind[] = process.argv.includes("--postgres") ? ["sqlite", "postgres"] : ["sqlite"];

type StoreKind = "sqlite" | "postgres";
const children = new Set<ChildProcess>();
const problems: string[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
// A failed or interrupted bench leaves no sender, sink, temp dir or schema behind.
process.on("exit", () => {
  for (const c of children) c.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
async function cleanUp() {
  for (const c of children) c.kill("SIGKILL");
  for (const f of cleanups.splice(0).reverse()) await Promise.resolve(f()).catch(() => {});
}

const address = (i: number) => `reader${i}@bench.example`;

/** Made-up content of 6 blocks × 5 headlines and a post, rendered by the real template. */
async function editionWords() {
  const site = mailSite(SITE_URL);
  const now = new Date();
  const blocks = SECTIONS.slice(0, 6).map((s, b) => ({
    key: s.key,
    name: s.name,
    headlines: Array.from({ length: 5 }, (_, h) => ({
      title: headline(b * 100 + h),
      link: `https://publisher${h}.example/${s.key}/${b * 100 + h}`,
      publisher: `Publisher ${h}`,
    })),
  }));
  const day = dayIn(now, site.timeZone);
  const words = await renderEdition(
    {
      day,
      dateLabel: now.toLocaleDateString("en-GB", { dateStyle: "full", timeZone: site.timeZone }),
      blocks,
      post: { title: headline(9999), url: `${SITE_URL}/blog/bench`, description: sentence(9999) },
    },
    site,
  );
  return { day, words };
}

type Fresh = { kind: StoreKind; dataDir: string; databaseUrl?: string };

/** A fresh store with SUBSCRIBERS confirmed addresses and today's edition queued for them. */
async function freshStore(
  kind: StoreKind,
  edition: Awaited<ReturnType<typeof editionWords>>,
): Promise<Fresh> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-mail-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const at = new Date().toISOString();
  let databaseUrl: string | undefined;
  if (kind === "postgres") {
    const schema = `bench_mail_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(PG_URL, `CREATE SCHEMA ${schema}`);
    cleanups.push(async () => {
      for (const s of [schema, `${schema}_pgboss`])
        await adminQuery(PG_URL, `DROP SCHEMA IF EXISTS ${s} CASCADE`);
    });
    databaseUrl = urlWithSchema(PG_URL, schema);
  }
  const location = { dataDir, databaseUrl };
  const first = openStore(location);
  await first.store.ready();
  await seedConfirmedSubscribers(location, SUBSCRIBERS, address, at);
  const { recipients } = await first.store.editions.create(edition.day, edition.words);
  await first.store.close();
  if (recipients !== SUBSCRIBERS) throw new Error(`edition queued ${recipients} copies`);
  return { kind, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
}

type Sink = {
  port: number;
  counts(): Promise<SinkCounts>;
  watch(at: number): Promise<void>;
  watchData(at: number): Promise<void>;
  stop(): void;
};

async function startSink(): Promise<Sink> {
  const child = fork(path.join(root, "bench/mail-sink.ts"), [], { cwd: root, stdio: "inherit" });
  children.add(child);
  child.on("exit", () => children.delete(child));
  const listeners = new Set<(m: Record<string, unknown>) => void>();
  child.on("message", (m: Record<string, unknown>) => {
    for (const l of listeners) l(m);
  });
  const next = <T>(pick: (m: Record<string, unknown>) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the sink did not answer")), RUN_LIMIT_MS);
      const l = (m: Record<string, unknown>) => {
        const v = pick(m);
        if (v === undefined) return;
        listeners.delete(l);
        clearTimeout(timer);
        resolve(v);
      };
      listeners.add(l);
    });
  const port = await next((m) => (m.ready ? (m.port as number) : undefined));
  const stop = () => {
    if (child.connected) child.disconnect();
    child.kill("SIGKILL");
  };
  cleanups.push(stop);
  return {
    port,
    async counts() {
      const answer = next((m) => m.counts as SinkCounts | undefined);
      child.send({ counts: true });
      return answer;
    },
    async watch(at) {
      const reached = next((m) => (m.reached === at ? true : undefined));
      child.send({ watch: at });
      await reached;
    },
    async watchData(at) {
      const started = next((m) => (m.dataStarted === at ? true : undefined));
      child.send({ watchData: at });
      await started;
    },
    stop,
  };
}

type Run = {
  ms: number;
  peakRssMb: number;
  /** CPU seconds the sender used (user + system), last seen before it ended. */
  cpuS: number;
  code: number | null;
  signal: string | null;
  output: string;
};

/** utime + stime from /proc/<pid>/stat, in seconds (USER_HZ is 100 on Linux). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function readKb(pid: number, field: string): number {
  try {
    return Number(
      new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0,
    );
  } catch {
    return 0;
  }
}

/** `node scripts/newsletter.ts send` against the store and the sink; `killWhen` resolving kills it with SIGKILL. */
async function runSender(store: Fresh, sinkPort: number, killWhen?: Promise<void>): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: store.dataDir,
    SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
    NEWSLETTER_SEND_RATE: "0",
    SITE_URL,
  };
  delete env.DATABASE_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  const started = performance.now();
  const child = spawn(process.execPath, [...SENDER_FLAGS, "scripts/newsletter.ts", "send"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  const keep = (d: Buffer) => {
    // The first and last lines tell what happened; a flood of warnings is cut.
    output = (output + d.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let peakKb = 0;
  let cpuS = 0;
  const pid = child.pid as number;
  const poll = setInterval(() => {
    peakKb = Math.max(peakKb, readKb(pid, "VmHWM"), readKb(pid, "VmRSS"));
    cpuS = Math.max(cpuS, cpuSeconds(pid));
  }, 25);
  const limit = setTimeout(() => {
    output += `\n(killed: still running after ${RUN_LIMIT_MS} ms)`;
    child.kill("SIGKILL");
  }, RUN_LIMIT_MS);
  void killWhen?.then(() => child.kill("SIGKILL"));
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.on("exit", (c, s) => resolve([c, s])),
  );
  clearInterval(poll);
  clearTimeout(limit);
  children.delete(child);
  return {
    ms: performance.now() - started,
    peakRssMb: Math.round(peakKb / 1024),
    cpuS,
    code,
    signal,
    output,
  };
}

type Tally = { deliveries: number; missed: number; duplicates: number; idDuplicates: number; extra: number };

function tally(counts: SinkCounts): Tally {
  let missed = 0;
  let duplicates = 0;
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const n = counts.byRecipient[address(i)] ?? 0;
    if (n === 0) missed++;
    else if (n > 1) duplicates++;
  }
  const known = new Set(Array.from({ length: SUBSCRIBERS }, (_, i) => address(i)));
  const extra = Object.keys(counts.byRecipient).filter((a) => !known.has(a)).length;
  const idDuplicates = Object.values(counts.byMessageId).filter((n) => n > 1).length;
  return { deliveries: counts.deliveries, missed, duplicates, idDuplicates, extra };
}

/** The queue as the store sees it after the runs, and how many rows marked sent the sink never got. */
async function queueState(store: Fresh, counts: SinkCounts): Promise<string> {
  const opened = openStore({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
  let c: Awaited<ReturnType<typeof opened.store.mail.counts>>;
  try {
    c = await opened.store.mail.counts("edition");
  } finally {
    await opened.store.close();
  }
  const sent = await editionRecipientsMarkedSent({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
  const lost = sent.filter((r) => !counts.byRecipient[r]).length;
  return `queue: sent ${c.sent}, queued ${c.queued}, failed ${c.failed}, skipped ${c.skipped}; marked sent but never delivered ${lost}`;
}

type Row = {
  store: StoreKind;
  run: string;
  mails: number;
  rateWall: number;
  rateSteady: number;
  rssMb: number;
  seconds: number;
  duplicates: number;
  missed: number;
};

const say = (line: string) => process.stdout.write(`${line}\n`);
const rows: Row[] = [];

function exitNote(label: string, run: Run, expectKill = false) {
  const ok = expectKill ? run.signal === "SIGKILL" : run.code === 0;
  if (!ok) {
    problems.push(`${label}: exit ${run.code ?? run.signal}`);
    say(`  ${label} ended with ${run.code ?? run.signal}; its output:\n${run.output.replace(/^/gm, "    ")}`);
  }
}

try {
  const edition = await editionWords();
  say(
    `mail bench: ${SUBSCRIBERS} subscribers, sender flags [${SENDER_FLAGS.join(" ")}], edition of ${Math.round(edition.words.html.length / 1024)} KB HTML + ${Math.round(edition.words.text.length / 1024)} KB text; stores: ${STORES.join(", ")}`,
  );
  for (const kind of STORES) {
    // The clean run.
    {
      const store = await freshStore(kind, edition);
      const sink = await startSink();
      const run = await runSender(store, sink.port);
      const counts = await sink.counts();
      const t = tally(counts);
      exitNote(`${kind} clean run`, run);
      const steadyS = (counts.lastAt - counts.firstAt) / 1000;
      rows.push({
        store: kind,
        run: "clean",
        mails: t.deliveries,
        rateWall: t.deliveries / (run.ms / 1000),
        rateSteady: steadyS > 0 ? t.deliveries / steadyS : 0,
        rssMb: run.peakRssMb,
        seconds: run.ms / 1000,
        duplicates: t.duplicates,
        missed: t.missed,
      });
      say(
        `  ${kind} clean: ${t.deliveries} delivered in ${(run.ms / 1000).toFixed(1)} s, peak RSS ${run.peakRssMb} MB, ${run.cpuS.toFixed(1)} CPU s (${(t.deliveries / run.cpuS).toFixed(0)} mails per CPU second); ${await queueState(store, counts)}; aborted DATA ${counts.aborted}, Message-IDs seen twice ${t.idDuplicates}, unknown addresses ${t.extra}`,
      );
      sink.stop();
    }
    // The crash run: kill -9 at half, then a second run finishes the edition.
    {
      const store = await freshStore(kind, edition);
      const sink = await startSink();
      const half = Math.floor(SUBSCRIBERS / 2);
      const first = await runSender(store, sink.port, sink.watch(half));
      const atKill = await sink.counts();
      exitNote(`${kind} crash run (first)`, first, true);
      const second = await runSender(store, sink.port);
      exitNote(`${kind} crash run (restart)`, second);
      const counts = await sink.counts();
      const t = tally(counts);
      rows.push({
        store: kind,
        run: "kill -9 at 50%, restart",
        mails: counts.deliveries - atKill.deliveries,
        rateWall: (counts.deliveries - atKill.deliveries) / (second.ms / 1000),
        rateSteady: Number.NaN,
        rssMb: Math.max(first.peakRssMb, second.peakRssMb),
        seconds: second.ms / 1000,
        duplicates: t.duplicates,
        missed: t.missed,
      });
      say(
        `  ${kind} crash: killed after ${atKill.deliveries} deliveries (${(first.ms / 1000).toFixed(1)} s, ${atKill.aborted} DATA cut off); restart delivered ${counts.deliveries - atKill.deliveries} more in ${(second.ms / 1000).toFixed(1)} s (${second.cpuS.toFixed(1)} CPU s); total ${t.deliveries}, addresses with 0 copies ${t.missed}, with 2+ copies ${t.duplicates}, Message-IDs seen twice ${t.idDuplicates}; ${await queueState(store, counts)}`,
      );
      sink.stop();
    }
    // Repeated kills, each as a DATA begins: the kill lands near the commit before the final dot.
    if (KILLS > 0) {
      const store = await freshStore(kind, edition);
      const sink = await startSink();
      const runs: Run[] = [];
      for (let k = 1; k <= KILLS; k++) {
        const run = await runSender(
          store,
          sink.port,
          sink.watchData(Math.floor((k * SUBSCRIBERS) / (KILLS + 1))),
        );
        exitNote(`${kind} kill ${k}`, run, true);
        runs.push(run);
      }
      const last = await runSender(store, sink.port);
      exitNote(`${kind} after ${KILLS} kills`, last);
      const counts = await sink.counts();
      const t = tally(counts);
      rows.push({
        store: kind,
        run: `kill -9 mid-DATA ×${KILLS}`,
        mails: t.deliveries,
        rateWall: Number.NaN,
        rateSteady: Number.NaN,
        rssMb: Math.max(last.peakRssMb, ...runs.map((r) => r.peakRssMb)),
        seconds: [...runs, last].reduce((sum, r) => sum + r.ms, 0) / 1000,
        duplicates: t.duplicates,
        missed: t.missed,
      });
      say(
        `  ${kind} ${KILLS} kills mid-DATA: total ${t.deliveries}, DATA cut off ${counts.aborted}, addresses with 0 copies ${t.missed}, with 2+ copies ${t.duplicates}; ${await queueState(store, counts)}`,
      );
      sink.stop();
    }
  }
} catch (error) {
  problems.push(String(error instanceof Error ? (error.stack ?? error.message) : error));
} finally {
  await cleanUp();
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
say("");
say(
  `${"store".padEnd(9)}${"run".padEnd(28)}${pad("mails", 7)}${pad("mails/s", 9)}${pad("steady/s", 10)}${pad("RSS MB", 8)}${pad("seconds", 9)}${pad("dupl.", 7)}${pad("missed", 8)}`,
);
for (const r of rows)
  say(
    `${r.store.padEnd(9)}${r.run.padEnd(28)}${pad(r.mails, 7)}${pad(Number.isNaN(r.rateWall) ? "-" : r.rateWall.toFixed(0), 9)}${pad(Number.isNaN(r.rateSteady) ? "-" : r.rateSteady.toFixed(0), 10)}${pad(r.rssMb, 8)}${pad(r.seconds.toFixed(1), 9)}${pad(r.duplicates, 7)}${pad(r.missed, 8)}`,
  );
const clean = rows.filter((r) => r.run === "clean");
const verdicts = [
  clean.length > 0 && clean.every((r) => r.rateWall >= 200) ? "≥200 mails/s ok" : "≥200 mails/s MISSED",
  rows.length > 0 && rows.every((r) => r.rssMb <= 300) ? "RSS ≤300 MB ok" : "RSS ≤300 MB MISSED",
  rows.length > 0 && rows.every((r) => r.duplicates === 0) ? "0 duplicates ok" : "0 duplicates MISSED",
  // The issue's crash is a kill at 50%; kills aimed at a DATA's start (--kills) are reported, not judged.
  rows.length > 0 && rows.filter((r) => !r.run.includes("mid-DATA")).every((r) => r.missed === 0)
    ? "0 missed ok"
    : "0 missed MISSED",
];
say(
  `targets: ≥200 mails/s, RSS ≤300 MB, 0 duplicates, 0 missed after a kill at 50% — ${verdicts.join("; ")}`,
);
const aimed = rows.filter((r) => r.run.includes("mid-DATA"));
if (aimed.length)
  say(
    `kills aimed at a DATA's start: ${aimed.map((r) => `${r.store} lost ${r.missed}`).join(", ")} (ADR 0013)`,
  );
for (const p of problems) say(`problem: ${p}`);
process.exitCode = problems.length > 0 || verdicts.some((v) => v.endsWith("MISSED")) ? 1 : 0;
