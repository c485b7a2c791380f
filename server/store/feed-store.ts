import type { TextSegment } from "#domain/article.ts";
import { MAX_PAGE, SEARCH_PAGE_SIZE } from "#domain/paging.ts";
import type { SearchCount } from "#domain/search-summary.ts";
import type { FeedSectionKey } from "#domain/sections.ts";

/**
 * The feed archive's interface. Every method is asynchronous and names no driver type, so a second
 * store (PostgreSQL) is another implementation of this file's types in a folder of its own; the
 * SQLite one is feed-store.server.ts.
 */

/**
 * What a search amounts to, as a key: the words both stores search for (equivalent inputs, such as
 * `seeded` and `^Seeded!`, have one key). Pure text; PostgreSQL's search text defines the words.
 */
export { searchKey } from "./postgres/search-text.ts";

/**
 * Section → its feed URLs, in the spec's section order; only configured sections appear. `names`:
 * feed URL → the publisher's name the feed list gives (it wins over the feed's own title).
 */
export type FeedsConfig = ReadonlyMap<FeedSectionKey, readonly string[]> & {
  readonly names?: ReadonlyMap<string, string>;
};

/**
 * A feed item after the spec's rules (the feed engine's normalize.ts makes it), independent of the
 * section showing it (a feed can serve two sections; category, fallback id and `featured` are
 * decided per section in section-articles.ts). This is what the store keeps.
 */
export type FeedItem = {
  /** guid (Atom: id), as written. */
  guid?: string;
  /**
   * Index of the item in its feed, counting every item the feed listed; read back from the store,
   * its place among the feed's distinct current items, or -1 once it left the feed (archive).
   */
  position: number;
  /** The stored row's id (items read from the store): an id for an item without guid or place. */
  storeId?: number;
  title: string;
  excerpt: string;
  content: string;
  /** ISO 8601. */
  publishedAt: string;
  /** False when the item had no usable date and publishedAt is when we first saw it. */
  dated: boolean;
  link?: string;
  imageUrl?: string;
  author?: string;
  readTime: number;
  /** The publisher's categories: plain text, trimmed, deduplicated, capped. */
  categories?: string[];
  /**
   * Who published it (set when read back, never stored per item): the feed list's name for the
   * feed, else the feed's channel title, else its host (server/ingest/publisher.ts).
   */
  publisher?: string;
};

/** A feed's refresh bookkeeping. Times are ISO strings. */
export type FeedState = {
  url: string;
  /** The feed's channel title (plain text), from its last successful fetch that had one. */
  title?: string;
  /** The publisher's name the feed list gives. */
  name?: string;
  etag?: string;
  lastModified?: string;
  lastAttemptAt?: string;
  lastSuccessAt?: string;
  /** The last failure's message, in the error catalogue's words; cleared by a success. */
  lastError?: string;
  consecutiveFailures: number;
  nextCheckAt?: string;
};

export type FeedStatus = FeedState & { sections: FeedSectionKey[]; articleCount: number };

/** An item with the section it is shown under (the first, in the spec's order, of its feed's). */
export type PlacedItem = {
  item: FeedItem;
  section: FeedSectionKey;
  /** The feed's place in its section's list, when the section merges several feeds. */
  feedIndex?: number;
};

export type SearchRow = PlacedItem & { title: TextSegment[]; excerpt: TextSegment[] };

/** A fetch's items; `title` is the channel's title as a publisher's name (publisherText). */
export type FeedResult = { items: readonly FeedItem[]; title?: string; etag?: string; lastModified?: string };

/**
 * A search ranks the newest this many of its matches (by when they were stored), on both stores:
 * a word found in every article then costs what a rarer one does. As many as the search pages
 * show, to the last (2,000).
 */
export const SEARCH_RANKED = MAX_PAGE * SEARCH_PAGE_SIZE;

/**
 * How many stories a search matches (repeated links once), counted among the newest SEARCH_RANKED
 * matches, the ones search ranks: `capped` when more match than that, so `total` is a floor.
 */
export type { SearchCount };

/** Items whose publishedAt is further ahead of the fetch than this get the time we first saw them. */
export const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/**
 * What one publication's pages read: the sections of its own feed list, its newest articles, its
 * search. Feeds and articles are shared by URL; which publication shows them is feed_sections'
 * tenant key (ADR 0017), so no read ever shows another publication's feeds.
 */
export type FeedReads = Pick<
  FeedStore,
  "sectionItems" | "sectionArchive" | "hasArchive" | "latest" | "newestPublishedAt" | "search" | "searchCount"
>;

export interface FeedStore {
  /**
   * syncPublications with one publication's list (the bundled site's unless `publication` names
   * another): with `prune` (default), the store then holds that publication alone.
   */
  syncFeeds(config: FeedsConfig, options?: { prune?: boolean; publication?: string }): Promise<void>;
  /**
   * Makes the store's feed lists match every publication's (with the names they give): feeds no
   * publication lists lose their articles, publications left out lose their sections, and only
   * the publications whose list changed (its digest) are rewritten (`written`). With `prune: false`
   * (the CLIs, whose lists may not be the servers') it only adds: missing feeds get a row (and
   * their name), and a publication's sections are written only when it has none yet; nothing
   * another configuration wrote is removed or changed.
   */
  syncPublications(
    lists: ReadonlyMap<string, FeedsConfig>,
    /**
     * `keep`: publications whose stored lists stay as they are though `lists` leaves them out (their
     * folder is there but cannot be read now): nothing of theirs is removed, feeds included.
     */
    options?: { prune?: boolean; keep?: readonly string[] },
  ): Promise<{ written: string[] }>;
  /** The reads of one publication's pages. The store's own reads are the bundled site's. */
  reads(publication: string): FeedReads;
  feed(url: string): Promise<FeedState | undefined>;
  /** Whether any of these feeds has ever been fetched successfully (one indexed read). */
  anyReached(urls: readonly string[]): Promise<boolean>;
  /** Every configured feed with its sections and stored article count (for /api/health/feeds). */
  feeds(): Promise<FeedStatus[]>;
  /**
   * A successful refresh, atomically: items are upserted by (feed, guid) (else link, else title);
   * unchanged items are not rewritten; items that left the feed stay in the archive (no longer
   * current). `changed` says whether anything a page shows differs.
   */
  saveSuccess(
    url: string,
    result: FeedResult,
    at: string,
    nextCheckAt: string,
  ): Promise<{ changed: boolean }>;
  /** A 304: the stored items stay; the feed counts as healthy. */
  saveNotModified(url: string, at: string, nextCheckAt: string): Promise<void>;
  /** A failed refresh keeps the stored items. Returns the new count of consecutive failures. */
  saveFailure(url: string, error: string, at: string, nextCheckAt: string): Promise<number>;
  setNextCheck(url: string, nextCheckAt: string): Promise<void>;
  /** A feed's current items (those its last successful fetch listed) in feed order. */
  items(url: string, limit?: number): Promise<FeedItem[]>;
  /**
   * The first `perFeed` current items of each of the section's feeds, in configuration order (one
   * list per feed, empty for a feed with nothing stored). One indexed read per section.
   */
  sectionItems(section: FeedSectionKey, perFeed: number): Promise<FeedItem[][]>;
  /**
   * The section's archive (current and past items of its feeds), newest first, leaving out each
   * feed's first `skipCurrent` current items (those the section's first page shows).
   */
  sectionArchive(
    section: FeedSectionKey,
    limit: number,
    offset: number,
    skipCurrent?: number,
  ): Promise<PlacedItem[]>;
  /** Whether sectionArchive would list anything (an existence check: no sort, stops at the first). */
  hasArchive(section: FeedSectionKey, skipCurrent: number): Promise<boolean>;
  /** Every stored item of the feed, current or archived. */
  articleCount(url: string): Promise<number>;
  /** The newest items across all feeds, each placed in a section; repeated links appear once. */
  latest(limit: number): Promise<PlacedItem[]>;
  newestPublishedAt(section: FeedSectionKey): Promise<string | undefined>;
  /**
   * Best matches first (title counts five times the excerpt), then newest, among the newest
   * SEARCH_RANKED matches; never throws on odd input.
   */
  search(query: string, limit: number, offset?: number): Promise<SearchRow[]>;
  /** How many stories search would rank for the query, bounded as search is; never throws on odd input. */
  searchCount(query: string): Promise<SearchCount>;
  /** Deletes up to `batch` archived items published before `before`; returns how many went. */
  pruneArchive(before: string, batch: number): Promise<number>;
}
