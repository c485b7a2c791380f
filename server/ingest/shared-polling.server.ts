import { PgBoss } from "pg-boss";
import type { FeedStore } from "#server/store/feed-store.ts";
import { errorCode, errorMessage } from "./errors.ts";
import type { EngineLogger, Ingest } from "./ingest.server.ts";
import { isDue, jitteredIntervalMs } from "./schedule.ts";

/** The job queues (ADR 0006): one cycle job at a time, one fetch job per feed URL. */
export const CYCLE_QUEUE = "feed-cycle";
export const FETCH_QUEUE = "feed-fetch";

/**
 * A fetch job whose process stops sending heartbeats (kill -9, a lost machine) goes back to the
 * queue after this many seconds without one, plus at most one monitor pass (MONITOR_SECONDS), and is
 * retried after retryDelay (5 s): about 25 s in all. EXPIRE_SECONDS bounds a job whose process is
 * alive but stuck (a fetch times out at 15 s).
 */
export const HEARTBEAT_SECONDS = 10;
export const MONITOR_SECONDS = 10;
export const EXPIRE_SECONDS = 60;

/**
 * Feed polling shared by every process on one PostgreSQL, through pg-boss. A cycle job (one at a
 * time across all processes) enqueues a fetch job for each due feed (the shared feeds table says
 * which are due: backoff and conditional-GET state live there) and the next cycle, one interval
 * later. Fetch jobs are `stately` per feed URL: never two of one feed queued or running. Any process
 * that works the queues (ROLE=ingest or all) takes them; a process that only sends (ROLE=web) asks
 * for a cold feed's first fetch.
 */
export type SharedPolling = {
  /** Starts pg-boss (creating its schema and queues) and, when `work`, the workers. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Asks for one fetch of each feed (at most one queued per feed, whoever sends it). */
  request(urls: readonly string[]): Promise<void>;
  /** The feeds to poll from now on (the publications changed). */
  setUrls(urls: readonly string[]): void;
};

export type SharedPollingOptions = {
  databaseUrl: string;
  urls: readonly string[];
  store: FeedStore;
  intervalMs: number;
  /** Work the queues (ROLE=ingest|all); otherwise only send jobs (ROLE=web). */
  work: boolean;
  /** The process's fetching side; fetch jobs run through it. */
  ingest?: () => Promise<Ingest>;
  /** After each cycle job: the archive's pruning. */
  afterCycle?: () => Promise<void>;
  /** Each cycle job this process ran, once its fetch jobs and the next cycle are queued. */
  onCycle?: (cycle: SharedCycleStats) => void;
  concurrency?: number;
  logger: EngineLogger;
  random?: () => number;
};

/**
 * A cycle job as the process that ran it saw it: when it began, how long finding the due feeds and
 * queueing their fetch jobs took, and how many feeds it queued. The fetches are any process's, so
 * how long they took and what changed are not known here (each feed's health says).
 */
export type SharedCycleStats = { startedAt: string; ms: number; feeds: number; shared: true };

/** pg-boss's schema: beside the store's (a search_path in the URL, as the tests use), else "pgboss". */
export function bossSchema(databaseUrl: string): string {
  let options = "";
  try {
    options = new URL(databaseUrl).searchParams.get("options") ?? "";
  } catch {
    // config validation has already refused such a URL
  }
  const schema = /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options)?.[1];
  return schema && schema !== "public" ? `${schema}_pgboss` : "pgboss";
}

export function createSharedPolling(options: SharedPollingOptions): SharedPolling {
  const { store, intervalMs, logger: log } = options;
  const random = options.random ?? Math.random;
  // The feeds this process's publications list (setUrls replaces them when the publications change).
  let urls = new Set(options.urls);
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: bossSchema(options.databaseUrl),
    max: 3,
    superviseIntervalSeconds: MONITOR_SECONDS,
    monitorIntervalSeconds: MONITOR_SECONDS,
  });
  // pg-boss emits plain objects as often as Errors: log the message and code, not "[object Object]".
  boss.on("error", (error) =>
    log.error(
      { err: errorMessage(error), code: errorCode(error), queue: (error as { queue?: unknown })?.queue },
      "job queue error",
    ),
  );
  let started: Promise<void> | undefined;
  let reseed: NodeJS.Timeout | undefined;
  let stopped = false;

  const queueOptions = {
    policy: "stately",
    expireInSeconds: EXPIRE_SECONDS,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    // Only a lost process retries a job: a feed's own failure is recorded in the feeds table (backoff).
    retryLimit: 5,
    retryDelay: 5,
  } as const;

  /** Sends the cycle job unless one is already queued (then this does nothing). */
  const seed = (afterMs = 0) =>
    boss.send(CYCLE_QUEUE, {}, { singletonKey: "cycle", startAfter: Math.ceil(afterMs / 1000) });

  async function cycle(): Promise<void> {
    const t = Date.now();
    const t0 = performance.now();
    const due: string[] = [];
    for (const url of urls) {
      if (isDue((await store.feed(url))?.nextCheckAt, t, intervalMs)) due.push(url);
    }
    await Promise.all(due.map((url) => boss.send(FETCH_QUEUE, { url }, { singletonKey: url })));
    await seed(jitteredIntervalMs(intervalMs, random));
    options.onCycle?.({
      startedAt: new Date(t).toISOString(),
      ms: Math.round(performance.now() - t0),
      feeds: due.length,
      shared: true,
    });
    await options
      .afterCycle?.()
      .catch((error) => log.error({ err: errorMessage(error) }, "archive prune failed"));
  }

  async function fetchJob(url: string): Promise<void> {
    if (!options.ingest || !urls.has(url)) return;
    // A job queued behind the fetch that just ran (two cycles queued at once, say at a start) finds
    // the feed no longer due in the shared table: each feed is fetched once per cycle.
    if (!isDue((await store.feed(url))?.nextCheckAt, Date.now(), intervalMs)) return;
    await (await options.ingest()).refreshFeed(url);
  }

  async function begin(): Promise<void> {
    await boss.start();
    for (const name of [CYCLE_QUEUE, FETCH_QUEUE]) {
      if (!(await boss.getQueue(name))) {
        await boss.createQueue(name, queueOptions).catch(async (error) => {
          // Another process created it between the check and here.
          if (!(await boss.getQueue(name))) throw error;
        });
      }
    }
    if (!options.work || stopped) return;
    await boss.work<{ url: string }>(
      FETCH_QUEUE,
      // A worker waits pollingIntervalSeconds before each fetch unless it is bursting: one feed a
      // second each, a round of 600 feeds took 44 s. Batches of two burst while they come back
      // full (no stats needed, unlike a burst on the queue's cached backlog); the ingest's own
      // limit keeps four fetches at a time (npm run bench -- --scale --stores=postgres).
      {
        localConcurrency: options.concurrency ?? 4,
        batchSize: 2,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: 1,
      },
      async (jobs) => {
        await Promise.all(jobs.map((job) => fetchJob(job.data.url)));
      },
    );
    await boss.work(CYCLE_QUEUE, { pollingIntervalSeconds: 1 }, () => cycle());
    // The first process on a new database starts the chain; the others find it queued. Re-seeding
    // every interval mends a chain that was broken (its cycle job failed for good).
    await seed();
    const tick = () => {
      reseed = setTimeout(() => {
        seed(intervalMs)
          .catch((error) => log.error({ err: errorMessage(error) }, "could not queue the feed cycle"))
          .finally(() => {
            if (!stopped) tick();
          });
      }, intervalMs);
      reseed.unref();
    };
    tick();
  }

  return {
    setUrls(list) {
      urls = new Set(list);
    },
    start() {
      started ??= begin();
      return started;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (reseed) clearTimeout(reseed);
      if (!started) return;
      await started.catch(() => undefined);
      // Jobs in hand are finished (a fetch has its own 15 s timeout) or, past the timeout, retried elsewhere.
      await boss.stop({ graceful: true, timeout: 20_000 }).catch(() => undefined);
    },
    async request(urls) {
      started ??= begin();
      await started;
      await Promise.all(urls.map((url) => boss.send(FETCH_QUEUE, { url }, { singletonKey: url })));
    },
  };
}
