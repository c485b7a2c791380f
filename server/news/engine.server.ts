import { type Article, type SearchHit, toSummary } from "#domain/article.ts";
import { MAX_PAGE, SEARCH_PAGE_SIZE } from "#domain/paging.ts";
import { type FeedSectionKey, isFeedSectionKey } from "#domain/sections.ts";
import { getConfig } from "#server/config.server.ts";
import { errorMessage, StoreUnavailableError, UnknownSectionError } from "#server/ingest/errors.ts";
import { loadFeedsConfig } from "#server/ingest/feeds-config.server.ts";
import type { FeedsConfig } from "#server/ingest/feeds-config.ts";
import {
  type CycleStats,
  createIngest,
  type EngineLogger,
  type Ingest,
  type RefreshOutcome,
  type UnsavedFailure,
} from "#server/ingest/ingest.server.ts";
import { createWorkerIngest } from "#server/ingest/ingest-client.server.ts";
import {
  createSharedPolling,
  type SharedCycleStats,
  type SharedPolling,
} from "#server/ingest/shared-polling.server.ts";
import { logger as defaultLogger } from "#server/logger.server.ts";
import { type FeedStore, SEARCH_RANKED, type SearchCount, searchKey } from "#server/store/feed-store.ts";
import { openStore } from "#server/store/open.server.ts";
import type { Store } from "#server/store/store.ts";
import { searchSampleArticles } from "./sample-search.ts";
import { createSampleSource } from "./samples.server.ts";
import { buildSectionArticles, DEFAULT_SECTION_LIMIT, itemToArticle } from "./section-articles.ts";

export {
  type CycleStats,
  type EngineLogger,
  MAX_STORED_ITEMS,
  type RefreshOutcome,
  type UnsavedFailure,
} from "#server/ingest/ingest.server.ts";

export type FeedEngineOptions = {
  /** Defaults to loadFeedsConfig(FEEDS_CONFIG), i.e. content/feeds.json. */
  feeds?: FeedsConfig;
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
  /** An open store; otherwise one is opened (and closed by stop()) at databaseUrl, else in dataDir. */
  store?: Store;
  dataDir?: string;
  /** PostgreSQL (DATABASE_URL) for the store this engine or its worker opens; unset: SQLite in dataDir. */
  databaseUrl?: string | undefined;
  refreshMinutes?: number;
  /** Archived items older than this are pruned (ARTICLE_RETENTION_DAYS). */
  retentionDays?: number;
  sampleFallback?: boolean;
  samplesDir?: string;
  /** Used in the User-Agent and to resolve the samples' site-relative links. */
  siteUrl?: string;
  /** Fetches in flight at once, across all feeds. */
  concurrency?: number;
  fetchTimeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  /** Fetch feeds from loopback and private networks (FEEDS_ALLOW_PRIVATE); unset: the environment's. */
  allowPrivate?: boolean;
  /**
   * "worker": fetch, parse and write in a worker thread with its own connection to the store in
   * dataDir (the server); "inline" (default): in this thread (CLI, tests).
   */
  ingest?: "worker" | "inline";
  /** The ingest worker thread's nice value (INGEST_NICE); 0 or absent leaves it as it is. */
  ingestNice?: number;
  /** Inline only. */
  fetch?: typeof globalThis.fetch;
  /** The clock and the dice: the search cache's lifetimes, and the schedule of inline ingest. */
  now?: () => Date;
  random?: () => number;
  logger?: EngineLogger;
  /**
   * Who polls the feeds: "local" (default) this process's own scheduler (SQLite, one process);
   * "shared" the job queue on PostgreSQL, worked by every ROLE=ingest|all process (ADR 0006);
   * "off" nobody here (ROLE=web): a cold section asks the queue (PostgreSQL) for its first fetch.
   */
  polling?: "local" | "shared" | "off";
  /** Called once per batch of refreshes with the sections whose stored articles changed. */
  onStoreChange?: (sections: FeedSectionKey[]) => void;
};

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

export type SectionArticles = { articles: Article[]; sample: boolean };

/** A page of a section's archive (page 2 on) or of search results. */
export type ArchivePage = { articles: Article[]; more: boolean };
/**
 * `sample`: the hits are sample headlines (nothing stored, no feed ever reached). `count`: how many
 * stories the search matches in all (bounded as the ranking is); absent past the last page.
 */
export type SearchPage = { hits: SearchHit[]; more: boolean; sample?: boolean; count?: SearchCount };

export type FeedEngine = {
  /** Refreshes every feed now, then due feeds every FEED_REFRESH_MINUTES (±10%). Idempotent. */
  start(): void;
  /** Stops the timer, cancels fetches in flight and waits for them; closes a database it opened. */
  stop(): Promise<void>;
  /** Refreshes every configured feed once (each URL once, at most `concurrency` at a time). */
  refreshAll(): Promise<RefreshOutcome[]>;
  /** Refreshes one feed; joins the fetch already in flight for that URL if there is one. */
  refreshFeed(url: string): Promise<RefreshOutcome>;
  /**
   * The spec's section helper (limit default 15). Reads the store and never waits on the scheduler,
   * except for a cold section, which waits for its feeds' in-flight (or first) fetch. A section with
   * nothing stored and no feed that has ever succeeded gets its sample articles (`sample: true`).
   * Throws UnknownSectionError ('No RSS feed configured for section: {key}'); a store that cannot
   * be read throws StoreUnavailableError (logged), never an empty list. `onColdWait` is called when
   * the read has to wait for the section's first fetch (the pages stream then).
   */
  getSectionArticles(
    section: string,
    limit?: number,
    options?: { onColdWait?: () => void },
  ): Promise<SectionArticles>;
  /**
   * Page `page` (2 or more) of a section's archive: its feeds' current and past items that page 1
   * does not show, newest first, `limit` per page; `more` when an older page exists. Page 1 is
   * getSectionArticles. Like every read here, a store error throws StoreUnavailableError.
   */
  getSectionArchive(section: string, page: number, limit?: number): Promise<ArchivePage>;
  /** Whether the section's archive holds items page 1 does not show (an "Older headlines" page). */
  hasOlder(section: string, limit?: number): Promise<boolean>;
  /** The newest articles across all sections (for a ticker). */
  latestArticles(limit?: number): Promise<SectionArticles>;
  /** The newest stored publishedAt of a section (for sitemaps); undefined when nothing is stored. */
  newestPublishedAt(section: string): Promise<string | undefined>;
  /** Full-text search over titles and excerpts, best matches first, with marked matches. */
  searchArticles(query: string, limit?: number): Promise<SearchHit[]>;
  /** One page (1-based) of search results, `limit` per page, cached briefly per query and page. */
  searchPage(query: string, page: number, limit?: number): Promise<SearchPage>;
  /** Whether searchPage would answer without a search (from its cache, or past the last page). */
  searchCached(query: string, page: number, limit?: number): boolean;
  health(): Promise<FeedHealth[]>;
  /**
   * The last whole refresh cycle, once there has been one; with shared polling (PostgreSQL) the last
   * cycle job this process ran (any working process may run the next one).
   */
  lastCycle(): CycleStats | SharedCycleStats | undefined;
  /** The sections that have feeds, in the spec's order. */
  sections(): FeedSectionKey[];
};

/** How long a cold section waits for another process to make its feeds' first fetch. */
export const COLD_WAIT_MS = 20_000;

/**
 * How long, on average, a page of search results is reused for the same query. Each entry lives
 * between half and one and a half times this: entries made together (the popular words, after a
 * restart) would otherwise expire together, and their searches, which run on the thread that
 * answers readers, would all run again in the same second every 15 s (a dip to a third of home's
 * throughput in bench:scale).
 */
export const SEARCH_CACHE_MS = 15_000;
const SEARCH_CACHE_ENTRIES = 500;

export function createFeedEngine(options: FeedEngineOptions = {}): FeedEngine {
  // Only touch the environment for what the caller did not pass (tests pass everything).
  const env = () => getConfig();
  const feeds = options.feeds ?? loadFeedsConfig(env().FEEDS_CONFIG);
  const intervalMs = (options.refreshMinutes ?? env().FEED_REFRESH_MINUTES) * 60_000;
  const retentionDays = options.retentionDays ?? env().ARTICLE_RETENTION_DAYS;
  const sampleFallback = options.sampleFallback ?? env().SAMPLE_FALLBACK === "on";
  const siteUrl = options.siteUrl ?? env().SITE_URL;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const log: EngineLogger = options.logger ?? defaultLogger;
  const ownsStore = options.store === undefined;
  const polling = options.polling ?? "local";
  const dataDir = options.dataDir ?? (ownsStore || options.ingest === "worker" ? env().DATA_DIR : "");
  // A caller that names a dataDir chose SQLite there unless it also names a database (tests).
  const databaseUrl =
    "databaseUrl" in options
      ? options.databaseUrl
      : options.dataDir === undefined
        ? env().DATABASE_URL
        : undefined;
  const owned: Store = options.store ?? openStore({ dataDir, databaseUrl });
  const store: FeedStore = owned.feeds;
  const samples = createSampleSource({ dir: options.samplesDir, siteUrl, now });
  const searchCache = new Map<string, { expires: number; page: Promise<SearchPage> }>();
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

  // The configuration is written before the worker starts, so both sides see the same feeds.
  const synced = store.syncFeeds(feeds, { prune: options.pruneUnlisted ?? true });
  let ingest: Ingest | undefined;
  const ready: Promise<Ingest> = synced.then(() => {
    const common = {
      intervalMs,
      siteUrl,
      // Infinity: nothing is ever old enough to prune.
      retentionDays: options.pruneArchive === false ? Number.POSITIVE_INFINITY : retentionDays,
      concurrency: options.concurrency,
      fetchTimeoutMs: options.fetchTimeoutMs,
      maxBodyBytes: options.maxBodyBytes,
      maxRedirects: options.maxRedirects,
      allowPrivate: options.allowPrivate,
    };
    ingest =
      options.ingest === "worker" && polling !== "off"
        ? createWorkerIngest(
            {
              ...common,
              dataDir,
              ...(databaseUrl ? { databaseUrl } : {}),
              feeds: [...feeds].map(([k, v]) => [k, [...v]]),
              quiet: options.logger !== undefined,
              nice: options.ingestNice,
            },
            { onChange: onStoreChange, onCycle, onUnsaved, logger: log },
          )
        : createIngest({
            ...common,
            feeds,
            store,
            fetch: options.fetch,
            now,
            random: options.random,
            logger: log,
            onChange: onStoreChange,
            onCycle,
            onUnsaved,
          });
    return ingest;
  });
  ready.catch((error) => log.error({ err: errorMessage(error) }, "feed store could not be prepared"));

  const shared: SharedPolling | undefined =
    databaseUrl && polling !== "local"
      ? createSharedPolling({
          databaseUrl,
          urls: [...new Set([...feeds.values()].flat())],
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

  /** A cold section's feeds: fetched here (local polling), or by whichever process works the queue. */
  async function settle(urls: readonly string[], enough?: () => Promise<boolean>): Promise<void> {
    if (polling === "local") return (await ready).settle(urls);
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

  function sectionFeeds(section: string): readonly string[] {
    const urls = isFeedSectionKey(section) ? feeds.get(section) : undefined;
    if (!urls) throw new UnknownSectionError(section);
    return urls;
  }

  const allUrls = [...new Set([...feeds.values()].flat())];
  // Once a feed has been reached it stays so (lastSuccessAt is never cleared): remembered here.
  let reached = false;

  /**
   * Whether any configured feed has ever been fetched successfully. Samples serve only while none
   * has: invented headlines beside live news would pass them off as news (issue 27).
   */
  async function everReached(): Promise<boolean> {
    if (!reached) reached = await store.anyReached(allUrls);
    return reached;
  }

  /**
   * everReached, once it can be told: a fresh store waits for the first success of any feed, or for
   * every feed's first try (a failing section must not show samples only because it failed before
   * the live ones answered), but never longer than COLD_WAIT_MS (a hanging publisher then counts as
   * not reached).
   */
  async function reachedOnceTried(): Promise<boolean> {
    if (await everReached()) return true;
    if (stopped) return false;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, COLD_WAIT_MS);
    });
    try {
      await Promise.race([
        bound,
        polling === "local" ? firstSuccessOrAllTried() : settle(allUrls, everReached),
      ]);
    } finally {
      clearTimeout(timer);
    }
    return everReached();
  }

  /** Local polling: each feed's first try, looking only at the feed that settled. */
  function firstSuccessOrAllTried(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let left = allUrls.length;
      if (left === 0) resolve();
      for (const url of allUrls) {
        settle([url])
          .then(() => store.feed(url))
          .then((state) => {
            left -= 1;
            if (state?.lastSuccessAt !== undefined) reached = true;
            if (reached || left === 0) resolve();
          }, reject);
      }
    });
  }

  const wholeLimit = (requested: number, fallback: number) =>
    Number.isFinite(requested) ? Math.max(0, Math.floor(requested)) : fallback;

  /** A failed store read, logged once here and thrown as StoreUnavailableError. */
  function unavailable(what: string, error: unknown, fields: Record<string, unknown> = {}): never {
    if (error instanceof StoreUnavailableError) throw error;
    log.error({ ...fields, err: errorMessage(error) }, `${what} failed`);
    throw new StoreUnavailableError(what, { cause: error });
  }

  async function getSectionArticles(
    section: string,
    requested = DEFAULT_SECTION_LIMIT,
    { onColdWait }: { onColdWait?: () => void } = {},
  ): Promise<SectionArticles> {
    const urls = sectionFeeds(section);
    const limit = wholeLimit(requested, DEFAULT_SECTION_LIMIT);
    const key = section as FeedSectionKey;
    try {
      await synced;
      const take = urls.length === 1 ? limit : Math.ceil(limit / urls.length);
      let perFeed = await store.sectionItems(key, take);
      if (perFeed.every((items) => items.length === 0)) {
        // Cold section: wait for its feeds' fetches (joining any in flight; never a second one).
        if (!stopped) {
          onColdWait?.();
          await settle(urls);
          perFeed = await store.sectionItems(key, take);
        }
        if (perFeed.every((items) => items.length === 0) && sampleFallback && !(await reachedOnceTried())) {
          const items = await samples.items(key);
          if (items.length > 0) {
            samplesServed = true;
            return { articles: buildSectionArticles(key, [items], limit), sample: true };
          }
        }
      }
      return { articles: buildSectionArticles(key, perFeed, limit), sample: false };
    } catch (error) {
      unavailable("section articles", error, { section });
    }
  }

  /** How many current items of each feed the section's first page takes (the spec's rule). */
  const firstPageTake = (urls: readonly string[], limit: number) =>
    urls.length === 1 ? limit : Math.ceil(limit / urls.length);

  async function getSectionArchive(section: string, page: number, requested = DEFAULT_SECTION_LIMIT) {
    const urls = sectionFeeds(section);
    const limit = Math.max(1, wholeLimit(requested, DEFAULT_SECTION_LIMIT));
    const p = Math.max(2, Math.floor(page) || 2);
    // Past the deepest page: the archive's end, without a read (an OFFSET the store would walk).
    if (p > MAX_PAGE) return { articles: [], more: false };
    try {
      await synced;
      // Page 2 starts after what page 1 shows: each feed's first items are left out.
      const rows = await store.sectionArchive(
        section as FeedSectionKey,
        limit + 1,
        (p - 2) * limit,
        firstPageTake(urls, limit),
      );
      const articles = rows
        .slice(0, limit)
        .map((r) => itemToArticle(r.item, section as FeedSectionKey, r.feedIndex));
      return { articles, more: rows.length > limit && p < MAX_PAGE };
    } catch (error) {
      unavailable("section archive", error, { section });
    }
  }

  async function latestArticles(limit = 10): Promise<SectionArticles> {
    try {
      await synced;
      const stored = (await store.latest(limit)).map((p) => itemToArticle(p.item, p.section, p.feedIndex));
      if (stored.length > 0 || !sampleFallback || (await reachedOnceTried()))
        return { articles: stored, sample: false };
      const all: Article[] = [];
      for (const section of feeds.keys()) {
        all.push(...buildSectionArticles(section, [await samples.items(section)], limit));
      }
      all.sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0));
      if (all.length > 0) samplesServed = true;
      return {
        articles: all.slice(0, limit).map((a) => ({ ...a, featured: false })),
        sample: all.length > 0,
      };
    } catch (error) {
      unavailable("latest articles", error);
    }
  }

  async function search(query: string, limit: number, offset: number, counted = false): Promise<SearchPage> {
    try {
      await synced;
      // Nothing stored yet (first run, offline): the pages show the samples, so search them.
      if (sampleFallback && !(await everReached()) && (await store.latest(1)).length === 0) {
        const all: Article[] = [];
        for (const section of feeds.keys()) {
          all.push(...buildSectionArticles(section, [await samples.items(section)], DEFAULT_SECTION_LIMIT));
        }
        // The samples are a few hundred headlines: counted as the store counts, bounded alike.
        const hits = searchSampleArticles(all, query, counted ? SEARCH_RANKED + 1 : offset + limit + 1);
        if (hits.length > 0) samplesServed = true;
        return {
          hits: hits.slice(offset, offset + limit),
          more: hits.length > offset + limit,
          sample: hits.length > 0,
          ...(counted
            ? {
                count: {
                  total: Math.min(hits.length, SEARCH_RANKED),
                  capped: hits.length > SEARCH_RANKED,
                },
              }
            : {}),
        };
      }
      const [rows, count] = await Promise.all([
        store.search(query, limit + 1, offset),
        counted ? store.searchCount(query) : undefined,
      ]);
      return {
        ...(count ? { count } : {}),
        hits: rows.slice(0, limit).map((row) => ({
          article: toSummary(itemToArticle(row.item, row.section, row.feedIndex)),
          section: row.section,
          title: row.title,
          excerpt: row.excerpt,
        })),
        more: rows.length > limit,
      };
    } catch (error) {
      unavailable("search", error);
    }
  }

  // A page of results, never the whole index, whatever a caller passes.
  const cappedLimit = (limit: number) => Math.min(Math.max(Math.trunc(limit) || 0, 0), 100);

  /** A search's cache key: its page and the words it searches for (equivalent inputs share one). */
  const searchCacheKey = (query: string, page: number, limit: number) =>
    `${cappedLimit(limit)}\u0000${Math.max(Math.floor(page) || 1, 1)}\u0000${searchKey(query)}`;

  function searchPage(query: string, page: number, limit = SEARCH_PAGE_SIZE): Promise<SearchPage> {
    const capped = cappedLimit(limit);
    const p = Math.max(Math.floor(page) || 1, 1);
    // Past the deepest page (the pages' own bound): the end of the results, never another page's.
    if (p > MAX_PAGE) return Promise.resolve({ hits: [], more: false });
    const key = searchCacheKey(query, p, capped);
    const t = now().getTime();
    const hit = searchCache.get(key);
    if (hit && hit.expires > t) return hit.page;
    const result = search(query, capped, (p - 1) * capped, true).then((r) =>
      p < MAX_PAGE ? r : { ...r, more: false },
    );
    if (searchCache.size >= SEARCH_CACHE_ENTRIES) {
      for (const [k, v] of searchCache)
        if (v.expires <= t || searchCache.size >= SEARCH_CACHE_ENTRIES) searchCache.delete(k);
    }
    const entry = { expires: t + SEARCH_CACHE_MS * (0.5 + random()), page: result };
    searchCache.set(key, entry);
    // A failed search is never reused: the next asker searches again.
    result.catch(() => {
      if (searchCache.get(key) === entry) searchCache.delete(key);
    });
    return result;
  }

  return {
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
      if (ownsStore) await owned.close();
    },

    refreshAll: async () => (stopped ? [] : (await ready).refreshAll()),
    refreshFeed: async (url) => (stopped ? { url, status: "skipped" } : (await ready).refreshFeed(url)),
    getSectionArticles,
    getSectionArchive,
    async hasOlder(section, requested = DEFAULT_SECTION_LIMIT) {
      const urls = sectionFeeds(section);
      const limit = Math.max(1, wholeLimit(requested, DEFAULT_SECTION_LIMIT));
      try {
        return await store.hasArchive(section as FeedSectionKey, firstPageTake(urls, limit));
      } catch (error) {
        unavailable("section archive", error, { section });
      }
    },
    latestArticles,

    async newestPublishedAt(section) {
      if (!isFeedSectionKey(section)) return undefined;
      try {
        return await store.newestPublishedAt(section);
      } catch (error) {
        unavailable("newest article", error, { section });
      }
    },

    async searchArticles(query, limit = 20) {
      return (await search(query, cappedLimit(limit), 0)).hits;
    },
    searchPage,
    searchCached(query, page, limit = SEARCH_PAGE_SIZE) {
      if (Math.floor(page) > MAX_PAGE) return true;
      const hit = searchCache.get(searchCacheKey(query, page, limit));
      return hit !== undefined && hit.expires > now().getTime();
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
    sections: () => [...feeds.keys()],
  };
}
