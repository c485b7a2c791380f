import type { FeedSectionKey } from "#domain/sections.ts";
import type { Config } from "#server/config.server.ts";
import { loadFeedsConfig } from "#server/ingest/feeds-config.server.ts";
import type { FeedsConfig } from "#server/ingest/feeds-config.ts";
import type { EngineLogger } from "#server/ingest/ingest.server.ts";
import { createIngestRunner, type IngestRunner } from "#server/ingest/runner.server.ts";
import { logger as defaultLogger } from "#server/logger.server.ts";
import { type OpenedStore, openStore, type StoreLocation } from "#server/store/open.server.ts";
import { createNewsReader, type NewsReader } from "./reader.server.ts";
import { createSampleSource } from "./samples.server.ts";

export {
  type CycleStats,
  type EngineLogger,
  MAX_STORED_ITEMS,
  type RefreshOutcome,
  type UnsavedFailure,
} from "#server/ingest/ingest.server.ts";
export { COLD_WAIT_MS, type FeedHealth } from "#server/ingest/runner.server.ts";
export {
  type ArchivePage,
  SEARCH_CACHE_MS,
  type SearchPage,
  type SectionArticles,
} from "./reader.server.ts";

/** What the engine needs of an open store (openStore's answer): its store, where it is, its job queue. */
export type EngineStore = Pick<OpenedStore, "store" | "location" | "jobQueue">;

export type FeedEngineOptions = {
  feeds: FeedsConfig;
  /**
   * An open store (openStore's answer; stop() leaves it open), or where one is: opened here and
   * closed by stop().
   */
  store: EngineStore | StoreLocation;
  refreshMinutes: number;
  /** Archived items older than this are pruned (ARTICLE_RETENTION_DAYS). */
  retentionDays: number;
  sampleFallback: boolean;
  /** Used in the User-Agent and to resolve the samples' site-relative links. */
  siteUrl: string;
  /** Fetch feeds from loopback and private networks (FEEDS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /**
   * true (default, the server): `feeds` is the whole list, and stored feeds it does not name are
   * deleted with their articles. false (the CLIs): feeds are only added, so a CLI run with another
   * FEEDS_CONFIG leaves the servers' feeds alone.
   */
  pruneUnlisted?: boolean;
  /**
   * true (default, the server): archived items past retentionDays are deleted after each cycle.
   * false (the CLIs): never, since the archive is the servers' to prune by their own retention.
   */
  pruneArchive?: boolean;
  samplesDir?: string;
  /** Fetches in flight at once, across all feeds. */
  concurrency?: number;
  fetchTimeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  /**
   * "worker": fetch, parse and write in a worker thread with its own connection to the store (the
   * server); "inline" (default): in this thread (CLI, tests).
   */
  ingest?: "worker" | "inline";
  /** The ingest worker thread's nice value (INGEST_NICE); 0 or absent leaves it as it is. */
  ingestNice?: number;
  /** Inline only. */
  fetch?: typeof globalThis.fetch;
  /** The clock and the dice: the search cache's lifetimes, and the schedule of inline ingest. */
  now?: () => Date;
  random?: () => number;
  /** The server's logger when absent; a logger passed in also keeps the worker thread quiet (tests). */
  logger?: EngineLogger;
  /**
   * Who polls the feeds: "local" (default) this process's own scheduler (SQLite, one process);
   * "shared" the store's job queue, worked by every ROLE=ingest|all process (ADR 0006);
   * "off" nobody here (ROLE=web): a cold section asks the queue for its first fetch.
   */
  polling?: "local" | "shared" | "off";
  /** Called once per batch of refreshes with the sections whose stored articles changed. */
  onStoreChange?: (sections: FeedSectionKey[]) => void;
};

/** The reader and the ingest runner of one store, as the server, the CLIs and the benchmarks use them. */
export type FeedEngine = Omit<NewsReader, "stop"> &
  Pick<IngestRunner, "start" | "refreshAll" | "refreshFeed" | "health" | "lastCycle"> & {
    /** Stops the reader's waits and the runner; closes a store it opened. */
    stop(): Promise<void>;
  };

/** The engine's settings from a parsed configuration (the server's and the CLIs'). */
export function feedEngineSettings(
  config: Pick<
    Config,
    | "FEEDS_CONFIG"
    | "FEED_REFRESH_MINUTES"
    | "ARTICLE_RETENTION_DAYS"
    | "SAMPLE_FALLBACK"
    | "SITE_URL"
    | "FEEDS_ALLOW_PRIVATE"
  >,
): Pick<
  FeedEngineOptions,
  "feeds" | "refreshMinutes" | "retentionDays" | "sampleFallback" | "siteUrl" | "allowPrivate"
> {
  return {
    feeds: loadFeedsConfig(config.FEEDS_CONFIG),
    refreshMinutes: config.FEED_REFRESH_MINUTES,
    retentionDays: config.ARTICLE_RETENTION_DAYS,
    sampleFallback: config.SAMPLE_FALLBACK === "on",
    siteUrl: config.SITE_URL,
    allowPrivate: config.FEEDS_ALLOW_PRIVATE === "on",
  };
}

export function createFeedEngine(options: FeedEngineOptions): FeedEngine {
  const { feeds } = options;
  const ownsStore = !("store" in options.store);
  const opened: EngineStore = "store" in options.store ? options.store : openStore(options.store);
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const log = options.logger ?? defaultLogger;
  let stopped = false;

  // The first change after samples were served (no feed reached yet) is every page's: a cached
  // sample page of a section whose feeds still fail must not outlive the first live news.
  let samplesServed = false;
  const onStoreChange =
    options.onStoreChange &&
    ((sections: FeedSectionKey[]) => {
      if (samplesServed) {
        samplesServed = false;
        return options.onStoreChange?.([...new Set([...feeds.keys(), ...sections])]);
      }
      options.onStoreChange?.(sections);
    });

  const runner = createIngestRunner({
    feeds,
    store: opened.store.feeds,
    location: opened.location,
    jobQueue: opened.jobQueue,
    mode: options.ingest ?? "inline",
    polling: options.polling ?? "local",
    intervalMs: options.refreshMinutes * 60_000,
    siteUrl: options.siteUrl,
    // Infinity: nothing is ever old enough to prune.
    retentionDays: options.pruneArchive === false ? Number.POSITIVE_INFINITY : options.retentionDays,
    pruneUnlisted: options.pruneUnlisted ?? true,
    allowPrivate: options.allowPrivate,
    concurrency: options.concurrency,
    fetchTimeoutMs: options.fetchTimeoutMs,
    maxBodyBytes: options.maxBodyBytes,
    maxRedirects: options.maxRedirects,
    nice: options.ingestNice,
    quietWorker: options.logger !== undefined,
    fetch: options.fetch,
    now,
    random: options.random,
    logger: log,
    onStoreChange,
  });
  const reader = createNewsReader({
    feeds,
    store: opened.store.feeds,
    samples: createSampleSource({ dir: options.samplesDir, siteUrl: options.siteUrl, now }),
    sampleFallback: options.sampleFallback,
    synced: runner.synced,
    awaitFirstFetch: runner.awaitFirstFetch,
    onSamplesServed: () => {
      samplesServed = true;
    },
    now,
    random,
    logger: log,
  });

  return {
    ...reader,
    start: runner.start,
    refreshAll: runner.refreshAll,
    refreshFeed: runner.refreshFeed,
    health: runner.health,
    lastCycle: runner.lastCycle,
    async stop() {
      if (stopped) return;
      stopped = true;
      reader.stop();
      await runner.stop();
      if (ownsStore) await opened.store.close();
    },
  };
}
