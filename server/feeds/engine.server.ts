import type { DatabaseSync } from "node:sqlite";
import { type Article, type SearchHit, toSummary } from "../../app/lib/article.ts";
import { type FeedSectionKey, isFeedSectionKey } from "../../app/lib/sections.ts";
import { getConfig } from "../config.server.ts";
import { logger as defaultLogger } from "../logger.server.ts";
import { openDatabase } from "../store/db.server.ts";
import { createFeedStore, type FeedState, type FeedStore } from "../store/feed-store.server.ts";
import { errorMessage, HttpStatusError, UnknownSectionError } from "./errors.ts";
import { loadFeedsConfig } from "./feeds-config.server.ts";
import { type FeedsConfig, feedsBySection } from "./feeds-config.ts";
import { FETCH_TIMEOUT_MS, feedUserAgent, MAX_BODY_BYTES, MAX_REDIRECTS } from "./fetch.server.ts";
import { createLimiter } from "./limiter.ts";
import { readFeed } from "./read-feed.server.ts";
import { searchSampleArticles } from "./sample-search.ts";
import { createSampleSource } from "./samples.server.ts";
import { backoffDelayMs, isDue, jitteredIntervalMs } from "./schedule.ts";
import { buildSectionArticles, DEFAULT_SECTION_LIMIT, itemToArticle } from "./section-articles.ts";

/** The subset of pino the engine uses (tests pass a recorder). */
export type EngineLogger = {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * Items kept per feed. Sections show at most 50; the rest serve search. The cap bounds the work a
 * huge feed can cause (normalising, one write transaction) while the server is answering pages.
 */
export const MAX_STORED_ITEMS = 500;

export type FeedEngineOptions = {
  /** Defaults to loadFeedsConfig(FEEDS_CONFIG), i.e. content/feeds.json. */
  feeds?: FeedsConfig;
  /** An open database; otherwise one is opened (and closed by stop()) in dataDir. */
  db?: DatabaseSync;
  dataDir?: string;
  refreshMinutes?: number;
  sampleFallback?: boolean;
  samplesDir?: string;
  /** Used in the User-Agent and to resolve the samples' site-relative links. */
  siteUrl?: string;
  /** Fetches in flight at once, across all feeds. */
  concurrency?: number;
  fetchTimeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  random?: () => number;
  logger?: EngineLogger;
  /** Called after a feed's stored articles change (the page cache drops what it rendered). */
  onStoreChange?: (url: string) => void;
};

export type RefreshOutcome =
  | { url: string; status: "updated"; items: number }
  | { url: string; status: "not-modified" }
  | { url: string; status: "failed"; error: string }
  | { url: string; status: "skipped" };

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
   * Throws UnknownSectionError ('No RSS feed configured for section: {key}'); any other error is
   * logged and gives an empty list.
   */
  getSectionArticles(section: string, limit?: number): Promise<SectionArticles>;
  /** The newest articles across all sections (for a ticker). */
  latestArticles(limit?: number): Promise<SectionArticles>;
  /** The newest stored publishedAt of a section (for sitemaps); undefined when nothing is stored. */
  newestPublishedAt(section: string): Promise<string | undefined>;
  /** Full-text search over titles and excerpts, best matches first, with marked matches. */
  searchArticles(query: string, limit?: number): Promise<SearchHit[]>;
  health(): Promise<FeedHealth[]>;
  /** The sections that have feeds, in the spec's order. */
  sections(): FeedSectionKey[];
};

export function createFeedEngine(options: FeedEngineOptions = {}): FeedEngine {
  // Only touch the environment for what the caller did not pass (tests pass everything).
  const env = () => getConfig();
  const feeds = options.feeds ?? loadFeedsConfig(env().FEEDS_CONFIG);
  const intervalMs = (options.refreshMinutes ?? env().FEED_REFRESH_MINUTES) * 60_000;
  const sampleFallback = options.sampleFallback ?? env().SAMPLE_FALLBACK === "on";
  const siteUrl = options.siteUrl ?? env().SITE_URL;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const log: EngineLogger = options.logger ?? defaultLogger;
  const ownsDb = options.db === undefined;
  const db = options.db ?? openDatabase(options.dataDir ?? env().DATA_DIR);
  const store: FeedStore = createFeedStore(db);
  const samples = createSampleSource({ dir: options.samplesDir, siteUrl, now });
  const limiter = createLimiter(options.concurrency ?? 4);
  const userAgent = feedUserAgent(siteUrl);
  const byUrl = feedsBySection(feeds);
  const inFlight = new Map<string, Promise<RefreshOutcome>>();
  const shutdown = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  store.syncFeeds(feeds);

  async function refresh(url: string): Promise<RefreshOutcome> {
    if (stopped) return { url, status: "skipped" };
    const at = now();
    const iso = at.toISOString();
    let state: FeedState | undefined;
    try {
      state = store.feed(url);
      // Validators are only worth sending when we still hold what they validate.
      const conditional = store.articleCount(url) > 0;
      const result = await readFeed(url, {
        etag: conditional ? state?.etag : undefined,
        lastModified: conditional ? state?.lastModified : undefined,
        timeoutMs: options.fetchTimeoutMs ?? FETCH_TIMEOUT_MS,
        maxBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
        maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
        userAgent,
        signal: shutdown.signal,
        fetch: options.fetch,
        now: at,
        maxItems: MAX_STORED_ITEMS,
      });
      const next = new Date(now().getTime() + intervalMs).toISOString();
      if (result.notModified) {
        store.saveNotModified(url, iso, next);
        log.debug({ url }, "feed not modified");
        return { url, status: "not-modified" };
      }
      if (result.items.length === 0 && conditional) {
        // A feed that suddenly lists nothing is far more often a publisher's glitch than an empty
        // newsroom: keep what we have (stale beats empty), but say so.
        store.saveNotModified(url, iso, next);
        log.warn({ url }, "feed answered with no items; keeping the stored ones");
        return { url, status: "not-modified" };
      }
      store.saveSuccess(url, result, iso, next);
      options.onStoreChange?.(url);
      if (result.skipped > 0) log.warn({ url, skipped: result.skipped }, "feed items skipped");
      log.info({ url, items: result.items.length }, "feed refreshed");
      return { url, status: "updated", items: result.items.length };
    } catch (error) {
      // A fetch cancelled by stop() says nothing about the feed's health.
      if (stopped) return { url, status: "skipped" };
      const message = errorMessage(error);
      const failures = (state?.consecutiveFailures ?? 0) + 1;
      const retryAfter = error instanceof HttpStatusError ? error.retryAfterMs : undefined;
      const next = new Date(now().getTime() + backoffDelayMs(failures, intervalMs, retryAfter)).toISOString();
      try {
        store.saveFailure(url, message, iso, next);
      } catch (storeError) {
        log.error({ url, err: errorMessage(storeError) }, "could not record feed failure");
      }
      log.warn({ url, err: message, failures }, "feed refresh failed");
      return { url, status: "failed", error: message };
    }
  }

  function refreshFeed(url: string): Promise<RefreshOutcome> {
    const running = inFlight.get(url);
    if (running) return running;
    const task = limiter.run(() => refresh(url)).finally(() => inFlight.delete(url));
    inFlight.set(url, task);
    return task;
  }

  async function refreshAll(): Promise<RefreshOutcome[]> {
    return Promise.all([...byUrl.keys()].map(refreshFeed));
  }

  async function refreshDue(): Promise<void> {
    const t = now().getTime();
    const due = [...byUrl.keys()].filter((url) => isDue(store.feed(url)?.nextCheckAt, t, intervalMs));
    await Promise.all(due.map(refreshFeed));
  }

  function scheduleTick(): void {
    if (stopped) return;
    timer = setTimeout(
      () => {
        refreshDue()
          .catch((error) => log.error({ err: errorMessage(error) }, "scheduled refresh failed"))
          .finally(scheduleTick);
      },
      jitteredIntervalMs(intervalMs, random),
    );
    // The schedule alone must never keep the process alive (tests, CLI, graceful shutdown).
    timer.unref();
  }

  function sectionFeeds(section: string): readonly string[] {
    const urls = isFeedSectionKey(section) ? feeds.get(section) : undefined;
    if (!urls) throw new UnknownSectionError(section);
    return urls;
  }

  async function getSectionArticles(
    section: string,
    requested = DEFAULT_SECTION_LIMIT,
  ): Promise<SectionArticles> {
    const urls = sectionFeeds(section);
    const limit = Number.isFinite(requested) ? Math.max(0, Math.floor(requested)) : DEFAULT_SECTION_LIMIT;
    const key = section as FeedSectionKey;
    try {
      const take = urls.length === 1 ? limit : Math.ceil(limit / urls.length);
      const read = () => urls.map((url) => store.items(url, take));
      let perFeed = read();
      if (perFeed.every((items) => items.length === 0)) {
        // Cold section: wait for its feeds' fetches (joining any in flight; never a second one).
        const pending = urls.flatMap((url) => {
          const running = inFlight.get(url);
          if (running) return [running];
          return store.feed(url)?.lastAttemptAt === undefined && !stopped ? [refreshFeed(url)] : [];
        });
        if (pending.length > 0) {
          await Promise.all(pending);
          perFeed = read();
        }
        const everFetched = urls.some((url) => store.feed(url)?.lastSuccessAt !== undefined);
        if (perFeed.every((items) => items.length === 0) && !everFetched && sampleFallback) {
          const items = await samples.items(key);
          if (items.length > 0) return { articles: buildSectionArticles(key, [items], limit), sample: true };
        }
      }
      return { articles: buildSectionArticles(key, perFeed, limit), sample: false };
    } catch (error) {
      log.error({ section, err: errorMessage(error) }, "section articles failed");
      return { articles: [], sample: false };
    }
  }

  async function latestArticles(limit = 10): Promise<SectionArticles> {
    try {
      const stored = store.latest(limit).map((p) => itemToArticle(p.item, p.section, p.feedIndex));
      if (stored.length > 0 || !sampleFallback) return { articles: stored, sample: false };
      const all: Article[] = [];
      for (const section of feeds.keys()) {
        all.push(...buildSectionArticles(section, [await samples.items(section)], limit));
      }
      all.sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0));
      return {
        articles: all.slice(0, limit).map((a) => ({ ...a, featured: false })),
        sample: all.length > 0,
      };
    } catch (error) {
      log.error({ err: errorMessage(error) }, "latest articles failed");
      return { articles: [], sample: false };
    }
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      refreshAll().catch((error) => log.error({ err: errorMessage(error) }, "initial refresh failed"));
      scheduleTick();
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      shutdown.abort();
      await Promise.allSettled([...inFlight.values()]);
      if (ownsDb) db.close();
    },

    refreshAll,
    refreshFeed,
    getSectionArticles,
    latestArticles,

    async newestPublishedAt(section) {
      if (!isFeedSectionKey(section)) return undefined;
      return store.newestPublishedAt(section);
    },

    async searchArticles(query, limit = 20) {
      try {
        // A page of results, never the whole index, whatever a caller passes.
        const capped = Math.min(Math.max(Math.trunc(limit) || 0, 0), 100);
        // Nothing stored yet (first run, offline): the pages show the samples, so search them.
        if (sampleFallback && store.latest(1).length === 0) {
          const all: Article[] = [];
          for (const section of feeds.keys()) {
            all.push(...buildSectionArticles(section, [await samples.items(section)], DEFAULT_SECTION_LIMIT));
          }
          return searchSampleArticles(all, query, capped);
        }
        return store.search(query, capped).map((row) => ({
          article: toSummary(itemToArticle(row.item, row.section, row.feedIndex)),
          section: row.section,
          title: row.title,
          excerpt: row.excerpt,
        }));
      } catch (error) {
        log.error({ err: errorMessage(error) }, "search failed");
        return [];
      }
    },

    async health() {
      return store.feeds().map((f) => ({
        url: f.url,
        sections: f.sections,
        lastSuccessAt: f.lastSuccessAt ?? null,
        lastAttemptAt: f.lastAttemptAt ?? null,
        lastError: f.lastError ?? null,
        consecutiveFailures: f.consecutiveFailures,
        nextCheckAt: f.nextCheckAt ?? null,
        articleCount: f.articleCount,
      }));
    },

    sections: () => [...feeds.keys()],
  };
}
