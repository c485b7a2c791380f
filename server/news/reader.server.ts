import { type Article, type SearchHit, toSummary } from "#domain/article.ts";
import { MAX_PAGE, SEARCH_PAGE_SIZE } from "#domain/paging.ts";
import { type FeedSectionKey, isFeedSectionKey } from "#domain/sections.ts";
import { errorMessage, StoreUnavailableError, UnknownSectionError } from "#server/ingest/errors.ts";
import type { FeedsConfig } from "#server/ingest/feeds-config.ts";
import type { EngineLogger } from "#server/ingest/ingest.server.ts";
import { COLD_WAIT_MS } from "#server/ingest/runner.server.ts";
import {
  type FeedReads,
  type FeedStore,
  SEARCH_RANKED,
  type SearchCount,
  searchKey,
} from "#server/store/feed-store.ts";
import { searchSampleArticles } from "./sample-search.ts";
import type { SampleSource } from "./samples.server.ts";
import {
  buildSectionArticles,
  DEFAULT_SECTION_LIMIT,
  firstPageTake,
  itemToArticle,
  newestFirst,
} from "./section-articles.ts";

export type SectionArticles = { articles: Article[]; sample: boolean };

/** A page of a section's archive (page 2 on) or of search results. */
export type ArchivePage = { articles: Article[]; more: boolean };
/**
 * `sample`: the hits are sample headlines (nothing stored, no feed ever reached). `count`: how many
 * stories the search matches in all (bounded as the ranking is); absent past the last page.
 */
export type SearchPage = { hits: SearchHit[]; more: boolean; sample?: boolean; count?: SearchCount };

/**
 * How long, on average, a page of search results is reused for the same query. Each entry lives
 * between half and one and a half times this: entries made together (the popular words, after a
 * restart) would otherwise expire together, and their searches, which run on the thread that
 * answers readers, would all run again in the same second every 15 s (a dip to a third of home's
 * throughput in bench:scale).
 */
export const SEARCH_CACHE_MS = 15_000;
const SEARCH_CACHE_ENTRIES = 500;

/** Pages of search results by query, shared by every publication's reader (so bounded once). */
export type SearchCache = Map<string, { expires: number; page: Promise<SearchPage> }>;

export type NewsReaderOptions = {
  feeds: FeedsConfig;
  /** The publication's reads (store.reads(slug)), and whether any of its feeds was ever reached. */
  store: FeedReads & Pick<FeedStore, "anyReached">;
  /** Shared by the readers of one engine; its keys start with `cacheKey` (the publication's slug). */
  searchCache?: SearchCache;
  cacheKey?: string;
  samples: SampleSource;
  /** Serve sample headlines while no feed has ever been reached (SAMPLE_FALLBACK). */
  sampleFallback: boolean;
  /** Settles once the feed list is in the store; every read waits for it. */
  synced: Promise<unknown>;
  /**
   * Asks ingest for these feeds' first fetch and resolves once each has had it (or `enough` says
   * so, or ingest gives up waiting): a cold section's read waits on it.
   */
  awaitFirstFetch(urls: readonly string[], enough?: () => Promise<boolean>): Promise<void>;
  /** Each time a read answers with sample headlines. */
  onSamplesServed?: () => void;
  /** The clock and the dice of the search cache's lifetimes. */
  now: () => Date;
  random: () => number;
  logger: EngineLogger;
};

/** Everything the pages read about the news: it only reads the store (and the samples). */
export type NewsReader = {
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
  /** The sections that have feeds, in the spec's order. */
  sections(): FeedSectionKey[];
  /** No more waiting for cold sections (the process is stopping). */
  stop(): void;
};

export function createNewsReader(options: NewsReaderOptions): NewsReader {
  const { feeds, store, samples, sampleFallback, synced, now, random, logger: log } = options;
  const searchCache: SearchCache = options.searchCache ?? new Map();
  const prefix = `${options.cacheKey ?? ""}\u0000`;
  let stopped = false;

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
      await Promise.race([bound, options.awaitFirstFetch(allUrls, everReached)]);
    } finally {
      clearTimeout(timer);
    }
    return everReached();
  }

  /** Every section's sample articles (up to `perSection` each), in the sections' order. */
  async function sampleArticles(perSection: number): Promise<Article[]> {
    const all: Article[] = [];
    for (const section of feeds.keys()) {
      all.push(...buildSectionArticles(section, [await samples.items(section)], perSection));
    }
    return all;
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
      const take = firstPageTake(urls.length, limit);
      let perFeed = await store.sectionItems(key, take);
      if (perFeed.every((items) => items.length === 0)) {
        // Cold section: wait for its feeds' fetches (joining any in flight; never a second one).
        if (!stopped) {
          onColdWait?.();
          await options.awaitFirstFetch(urls);
          perFeed = await store.sectionItems(key, take);
        }
        if (perFeed.every((items) => items.length === 0) && sampleFallback && !(await reachedOnceTried())) {
          const items = await samples.items(key);
          if (items.length > 0) {
            options.onSamplesServed?.();
            return { articles: buildSectionArticles(key, [items], limit), sample: true };
          }
        }
      }
      return { articles: buildSectionArticles(key, perFeed, limit), sample: false };
    } catch (error) {
      unavailable("section articles", error, { section });
    }
  }

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
        firstPageTake(urls.length, limit),
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
      const all = (await sampleArticles(limit)).sort(newestFirst);
      if (all.length > 0) options.onSamplesServed?.();
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
        const all = await sampleArticles(DEFAULT_SECTION_LIMIT);
        // The samples are a few hundred headlines: counted as the store counts, bounded alike.
        const hits = searchSampleArticles(all, query, counted ? SEARCH_RANKED + 1 : offset + limit + 1);
        if (hits.length > 0) options.onSamplesServed?.();
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
    `${prefix}${cappedLimit(limit)}\u0000${Math.max(Math.floor(page) || 1, 1)}\u0000${searchKey(query)}`;

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
    getSectionArticles,
    getSectionArchive,
    async hasOlder(section, requested = DEFAULT_SECTION_LIMIT) {
      const urls = sectionFeeds(section);
      const limit = Math.max(1, wholeLimit(requested, DEFAULT_SECTION_LIMIT));
      try {
        return await store.hasArchive(section as FeedSectionKey, firstPageTake(urls.length, limit));
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

    sections: () => [...feeds.keys()],

    stop() {
      stopped = true;
    },
  };
}
