import type { FeedSectionKey } from "#domain/sections.ts";
import type { FeedStore } from "#server/store/feed-store.ts";
import type { StoreLocation } from "#server/store/open.server.ts";
import { errorMessage } from "./errors.ts";
import type { FeedsConfig } from "./feeds-config.ts";
import {
  type CycleStats,
  createIngest,
  type EngineLogger,
  type Ingest,
  type RefreshOutcome,
  type UnsavedFailure,
} from "./ingest.server.ts";
import { createWorkerIngest } from "./ingest-client.server.ts";
import { createSharedPolling, type SharedCycleStats, type SharedPolling } from "./shared-polling.server.ts";

/** How long a cold section waits for another process to make its feeds' first fetch. */
export const COLD_WAIT_MS = 20_000;

/** One feed's health as /api/health/feeds reports it. Times are ISO strings. */
export type FeedHealth = {
  url: string;
  sections: FeedSectionKey[];
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  /** The last failure in the error catalogue's words; null once the feed recovers. */
  lastError: string | null;
  consecutiveFailures: number;
  nextCheckAt: string | null;
  articleCount: number;
};

export type IngestRunnerOptions = {
  /** What ingest polls: one list, or the union of every publication's (`lists`). */
  feeds: FeedsConfig;
  /** Every publication's list by slug, written to the store; absent: `feeds` is the bundled site's. */
  lists?: ReadonlyMap<string, FeedsConfig>;
  /** Publications whose stored lists stay (their folders cannot be read now). */
  keep?: readonly string[];
  /** The store this thread reads; inline ingest writes it too. */
  store: FeedStore;
  /** Where the worker opens its own connection (openStore's `location`). */
  location: StoreLocation;
  /** The store's job queue (openStore's `jobQueue`), for shared polling; undefined: none. */
  jobQueue: { connectionString: string } | undefined;
  /**
   * "worker": fetch, parse and write in a worker thread with its own connection to the store (the
   * server); "inline": in this thread (CLI, tests).
   */
  mode: "worker" | "inline";
  /**
   * Who polls the feeds: "local" this process's own scheduler (SQLite, one process); "shared" the
   * job queue, worked by every ROLE=ingest|all process (ADR 0006); "off" nobody here (ROLE=web):
   * a cold section asks the queue for its first fetch.
   */
  polling: "local" | "shared" | "off";
  intervalMs: number;
  siteUrl: string;
  /** Archived items older than this are pruned after each cycle; Infinity never prunes (the CLIs). */
  retentionDays: number;
  /**
   * true (the server): `feeds` is the whole list, and stored feeds it does not name are deleted
   * with their articles. false (the CLIs): feeds are only added.
   */
  pruneUnlisted: boolean;
  /** Fetch feeds from loopback and private networks (FEEDS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Fetches in flight at once, across all feeds. */
  concurrency?: number;
  fetchTimeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  /** The worker thread's nice value (INGEST_NICE); 0 or absent leaves it as it is. */
  nice?: number;
  /** No log lines from the worker thread (tests). */
  quietWorker?: boolean;
  /** Inline only. */
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  random?: () => number;
  logger: EngineLogger;
  /** Called once per batch of refreshes with the sections whose stored articles changed. */
  onStoreChange?: (sections: FeedSectionKey[]) => void;
};

/** Fetching feeds into the store: inline, in the worker, or through the shared job queue. */
export type IngestRunner = {
  /** The feed list written to the store (before the worker starts, so both sides see the same feeds). */
  synced: Promise<void>;
  /**
   * The publications changed: their lists go to the store (only the changed ones are rewritten),
   * and ingest polls `feeds`, their union, from now on.
   */
  setFeeds(
    feeds: FeedsConfig,
    lists: ReadonlyMap<string, FeedsConfig>,
    keep?: readonly string[],
  ): Promise<void>;
  /** Refreshes every feed now, then due feeds every interval (±10%). Idempotent. */
  start(): void;
  /** Stops the schedule, cancels fetches in flight and waits for them. */
  stop(): Promise<void>;
  /** Refreshes every configured feed once (each URL once, at most `concurrency` at a time). */
  refreshAll(): Promise<RefreshOutcome[]>;
  /** Refreshes one feed; joins the fetch already in flight for that URL if there is one. */
  refreshFeed(url: string): Promise<RefreshOutcome>;
  /**
   * Resolves once each of `urls` has had its first fetch (joining one in flight; never a second),
   * or sooner when `enough` says so: fetched here (local polling), or asked of whichever process
   * works the queue, waited for at most COLD_WAIT_MS.
   */
  awaitFirstFetch(urls: readonly string[], enough?: () => Promise<boolean>): Promise<void>;
  health(): Promise<FeedHealth[]>;
  /**
   * The last whole refresh cycle, once there has been one; with shared polling the last cycle job
   * this process ran (any working process may run the next one).
   */
  lastCycle(): CycleStats | SharedCycleStats | undefined;
};

export function createIngestRunner(options: IngestRunnerOptions): IngestRunner {
  const { feeds, store, polling, intervalMs, logger: log } = options;
  let stopped = false;
  let lastCycle: CycleStats | SharedCycleStats | undefined;
  const onCycle = (cycle: CycleStats | SharedCycleStats) => {
    lastCycle = cycle;
  };
  // Failures the store could not record (a full disk): health shows them all the same.
  const unsaved = new Map<string, UnsavedFailure>();
  const onUnsaved = (url: string, failure: UnsavedFailure | undefined) => {
    if (failure) unsaved.set(url, failure);
    else unsaved.delete(url);
  };

  // Every publication's list goes to the store (only the changed ones are rewritten); ingest polls their union.
  const synced = options.lists
    ? store
        .syncPublications(options.lists, { prune: options.pruneUnlisted, keep: options.keep })
        .then(() => undefined)
    : store.syncFeeds(feeds, { prune: options.pruneUnlisted });
  let ingest: Ingest | undefined;
  const ready: Promise<Ingest> = synced.then(() => {
    const common = {
      intervalMs,
      siteUrl: options.siteUrl,
      retentionDays: options.retentionDays,
      concurrency: options.concurrency,
      fetchTimeoutMs: options.fetchTimeoutMs,
      maxBodyBytes: options.maxBodyBytes,
      maxRedirects: options.maxRedirects,
      allowPrivate: options.allowPrivate,
    };
    ingest =
      options.mode === "worker" && polling !== "off"
        ? createWorkerIngest(
            {
              ...common,
              location: options.location,
              feeds: [...feeds].map(([k, v]) => [k, [...v]]),
              quiet: options.quietWorker,
              nice: options.nice,
            },
            { onChange: options.onStoreChange, onCycle, onUnsaved, logger: log },
          )
        : createIngest({
            ...common,
            feeds,
            store,
            fetch: options.fetch,
            now: options.now,
            random: options.random,
            logger: log,
            onChange: options.onStoreChange,
            onCycle,
            onUnsaved,
          });
    return ingest;
  });
  ready.catch((error) => log.error({ err: errorMessage(error) }, "feed store could not be prepared"));

  const allUrls = [...new Set([...feeds.values()].flat())];
  const shared: SharedPolling | undefined =
    options.jobQueue && polling !== "local"
      ? createSharedPolling({
          databaseUrl: options.jobQueue.connectionString,
          urls: allUrls,
          store,
          intervalMs,
          work: polling === "shared",
          ingest: () => ready,
          afterCycle: async () => (await ready).prune(),
          onCycle,
          concurrency: options.concurrency,
          logger: log,
          random: options.random,
        })
      : undefined;

  /** Local polling: each feed's first try, resolved early once `enough` says so. */
  function eachFirstTry(urls: readonly string[], enough: () => Promise<boolean>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let left = urls.length;
      let done = false;
      if (left === 0) resolve();
      for (const url of urls) {
        ready
          .then((i) => i.settle([url]))
          .then(() => enough())
          .then((yes) => {
            left -= 1;
            if (yes) done = true;
            if (done || left === 0) resolve();
          }, reject);
      }
    });
  }

  /** Shared polling: asks the queue for the never-tried feeds, then watches the store. */
  async function askQueue(urls: readonly string[], enough?: () => Promise<boolean>): Promise<void> {
    if (!shared) return;
    const neverTried = async () => {
      const left: string[] = [];
      for (const url of urls) if ((await store.feed(url))?.lastAttemptAt === undefined) left.push(url);
      return left;
    };
    const left = await neverTried();
    if (left.length === 0) return;
    await shared.request(left);
    const deadline = Date.now() + COLD_WAIT_MS;
    while (!stopped && Date.now() < deadline && !(await enough?.()) && (await neverTried()).length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  return {
    synced,

    start() {
      if (stopped) return;
      if (polling === "local") ready.then((i) => i.start()).catch(() => undefined);
      else if (polling === "shared" && shared)
        ready
          .then(() => shared.start())
          .catch((error) => log.error({ err: errorMessage(error) }, "the feed job queue could not start"));
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      await synced.catch(() => undefined);
      await shared?.stop();
      await ingest?.stop();
    },

    async setFeeds(feeds, next, keep) {
      if (stopped) return;
      await synced;
      await store.syncPublications(next, { prune: options.pruneUnlisted, keep });
      shared?.setUrls([...new Set([...feeds.values()].flat())]);
      await (await ready).setFeeds(feeds);
    },

    refreshAll: async () => (stopped ? [] : (await ready).refreshAll()),
    refreshFeed: async (url) => (stopped ? { url, status: "skipped" } : (await ready).refreshFeed(url)),

    async awaitFirstFetch(urls, enough) {
      if (polling !== "local") return askQueue(urls, enough);
      if (enough) return eachFirstTry(urls, enough);
      return (await ready).settle(urls);
    },

    async health() {
      await synced;
      return (await store.feeds()).map((f) => {
        const failed = unsaved.get(f.url);
        return {
          url: f.url,
          sections: f.sections,
          lastSuccessAt: f.lastSuccessAt ?? null,
          lastAttemptAt: failed?.at ?? f.lastAttemptAt ?? null,
          lastError: failed?.error ?? f.lastError ?? null,
          consecutiveFailures: failed?.failures ?? f.consecutiveFailures,
          nextCheckAt: failed?.nextCheckAt ?? f.nextCheckAt ?? null,
          articleCount: f.articleCount,
        };
      });
    },

    lastCycle: () => lastCycle,
  };
}
