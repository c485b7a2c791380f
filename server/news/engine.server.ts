import { BUNDLED_SLUG } from "#domain/publication.ts";
import { FEED_SECTION_KEYS, type FeedSectionKey } from "#domain/sections.ts";
import type { Config } from "#server/config.server.ts";
import { loadFeedsConfig } from "#server/ingest/feeds-config.server.ts";
import type { FeedsConfig } from "#server/ingest/feeds-config.ts";
import type { EngineLogger } from "#server/ingest/ingest.server.ts";
import { createIngestRunner, type IngestRunner } from "#server/ingest/runner.server.ts";
import { logger as defaultLogger } from "#server/logger.server.ts";
import { type OpenedStore, openStore, type StoreLocation } from "#server/store/open.server.ts";
import { createNewsReader, type NewsReader, type SearchCache } from "./reader.server.ts";
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
  /** One feed list: the bundled site's (a CLI, a benchmark, a server without PUBLICATIONS_DIR). */
  feeds: FeedsConfig;
  /** Every publication's feed list by slug (PUBLICATIONS_DIR); `feeds` is then not read. */
  lists?: ReadonlyMap<string, FeedsConfig>;
  /** Publications whose stored lists stay as they are (folders that cannot be read now). */
  keep?: readonly string[];
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

/**
 * The reader and the ingest runner of one store, as the server, the CLIs and the benchmarks use
 * them. Its own reads are the bundled site's (or the first publication's); a publication's pages
 * read through reader(slug).
 */
export type FeedEngine = Omit<NewsReader, "stop"> &
  Pick<IngestRunner, "start" | "refreshAll" | "refreshFeed" | "health" | "lastCycle"> & {
    /** The reader of one publication's feed list; undefined for a slug with no list. */
    reader(slug: string): NewsReader | undefined;
    /** Every publication's list from now on (PUBLICATIONS_DIR changed): written, polled, read. */
    setLists(lists: ReadonlyMap<string, FeedsConfig>, keep?: readonly string[]): Promise<void>;
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

/**
 * Every publication's sections with the union of their feeds: what ingest polls (each URL once,
 * however many publications list it) and which sections a changed feed touches.
 */
export function unionOfLists(lists: ReadonlyMap<string, FeedsConfig>): FeedsConfig {
  const union = new Map<FeedSectionKey, Set<string>>();
  const names = new Map<string, string>();
  for (const config of lists.values()) {
    for (const [section, urls] of config) {
      const set = union.get(section) ?? new Set<string>();
      for (const url of urls) set.add(url);
      union.set(section, set);
    }
    for (const [url, name] of config.names ?? []) if (!names.has(url)) names.set(url, name);
  }
  const ordered = new Map<FeedSectionKey, readonly string[]>();
  for (const key of FEED_SECTION_KEYS) {
    const set = union.get(key);
    if (set) ordered.set(key, [...set]);
  }
  return Object.assign(ordered, { names });
}

export function createFeedEngine(options: FeedEngineOptions): FeedEngine {
  let lists = options.lists ?? new Map([[BUNDLED_SLUG, options.feeds]]);
  let feeds = options.lists ? unionOfLists(lists) : options.feeds;
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
    ...(options.lists ? { lists, keep: options.keep } : {}),
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
  const samples = createSampleSource({ dir: options.samplesDir, siteUrl: options.siteUrl, now });
  const searchCache: SearchCache = new Map();
  const storeFeeds = opened.store.feeds;
  // One reader per publication, made when its pages are first read: they share the search cache
  // (bounded once for all) and the samples; each reads its own feed list through store.reads.
  const readers = new Map<string, NewsReader>();
  function reader(slug: string): NewsReader | undefined {
    const known = readers.get(slug);
    if (known) return known;
    const list = lists.get(slug);
    if (!list) return undefined;
    const made = createNewsReader({
      feeds: list,
      store: { ...storeFeeds.reads(slug), anyReached: storeFeeds.anyReached },
      searchCache,
      cacheKey: slug,
      samples,
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
    if (stopped) made.stop();
    readers.set(slug, made);
    return made;
  }
  const main =
    reader(lists.has(BUNDLED_SLUG) ? BUNDLED_SLUG : ([...lists.keys()][0] ?? BUNDLED_SLUG)) ?? emptyReader();

  return {
    ...main,
    sections: () => [...feeds.keys()],
    reader,
    async setLists(next, keep) {
      const before = lists;
      lists = next;
      feeds = unionOfLists(next);
      // A publication whose list changed (or went) gets a new reader at its next page.
      for (const slug of [...readers.keys()]) if (before.get(slug) !== next.get(slug)) readers.delete(slug);
      await runner.setFeeds(feeds, next, keep);
    },
    start: runner.start,
    refreshAll: runner.refreshAll,
    refreshFeed: runner.refreshFeed,
    health: runner.health,
    lastCycle: runner.lastCycle,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const r of readers.values()) r.stop();
      await runner.stop();
      if (ownsStore) await opened.store.close();
    },
  };
}

/** The reads of an engine with no publication at all (PUBLICATIONS_DIR empty): nothing to show. */
function emptyReader(): NewsReader {
  const none = async () => ({ articles: [], sample: false, more: false, hits: [] });
  return {
    getSectionArticles: none,
    getSectionArchive: none,
    hasOlder: async () => false,
    latestArticles: none,
    newestPublishedAt: async () => undefined,
    searchArticles: async () => [],
    searchPage: none,
    searchCached: () => false,
    sections: () => [],
    stop() {},
  };
}
