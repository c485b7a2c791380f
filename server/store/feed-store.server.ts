import type { DatabaseSync } from "node:sqlite";
import type { TextSegment } from "../../app/lib/article.ts";
import { FEED_SECTION_KEYS, type FeedSectionKey, isFeedSectionKey } from "../../app/lib/sections.ts";
import type { FeedsConfig } from "../feeds/feeds-config.ts";
import type { FeedItem } from "../feeds/normalize.ts";
import { transaction } from "./db.server.ts";

/** A feed's refresh bookkeeping. Times are ISO strings. */
export type FeedState = {
  url: string;
  title?: string;
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

// Private-use characters mark matches inside highlight()/snippet() output. Feed text cannot contain
// them (htmlToText removes them), so a marker always means a match and never comes from a publisher.
const MATCH_START = "\uE000";
const MATCH_END = "\uE001";

/**
 * Turns what a visitor typed into a safe FTS5 query: the words only (letters and digits), each
 * quoted, all required, the last one as a prefix. Operators, quotes and column filters in the input
 * become plain words, so no input can make MATCH throw. Undefined when there is nothing to search.
 */
export function toFtsQuery(input: string): string | undefined {
  const words = input.normalize("NFKC").match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  const kept = words.slice(0, 12);
  return kept.map((w, i) => (i === kept.length - 1 ? `"${w}"*` : `"${w}"`)).join(" ");
}

/** Splits marked text into segments; adjacent pieces of the same kind are merged. */
export function toSegments(marked: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let match = false;
  let start = 0;
  const push = (end: number) => {
    if (end <= start) return;
    const text = marked.slice(start, end);
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += text;
    else segments.push({ text, match });
  };
  for (let k = 0; k < marked.length; k++) {
    const c = marked[k];
    if (c === MATCH_START || c === MATCH_END) {
      push(k);
      match = c === MATCH_START;
      start = k + 1;
    }
  }
  push(marked.length);
  return segments;
}

type Row = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

function rowToItem(row: Row): FeedItem {
  const item: FeedItem = {
    position: Number(row.position),
    title: String(row.title),
    excerpt: String(row.excerpt),
    content: String(row.content),
    publishedAt: String(row.published_at),
    dated: row.dated === 1,
    readTime: Number(row.read_time),
  };
  const guid = str(row.guid);
  const link = str(row.link);
  const imageUrl = str(row.image_url);
  const author = str(row.author);
  if (guid !== undefined) item.guid = guid;
  if (link !== undefined) item.link = link;
  if (imageUrl !== undefined) item.imageUrl = imageUrl;
  if (author !== undefined) item.author = author;
  const categories = categoriesOf(row.categories);
  if (categories !== undefined) item.categories = categories;
  return item;
}

/** The stored JSON array of categories; anything unreadable counts as none. */
function categoriesOf(value: unknown): string[] | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return undefined;
    const labels = parsed.filter((c): c is string => typeof c === "string" && c !== "");
    return labels.length > 0 ? labels : undefined;
  } catch {
    return undefined;
  }
}

function rowToState(row: Row): FeedState {
  const state: FeedState = { url: String(row.url), consecutiveFailures: Number(row.consecutive_failures) };
  const fields = [
    ["title", "title"],
    ["etag", "etag"],
    ["lastModified", "last_modified"],
    ["lastAttemptAt", "last_attempt_at"],
    ["lastSuccessAt", "last_success_at"],
    ["lastError", "last_error"],
    ["nextCheckAt", "next_check_at"],
  ] as const;
  for (const [key, column] of fields) {
    const value = str(row[column]);
    if (value !== undefined) state[key] = value;
  }
  return state;
}

function placed(row: Row): PlacedItem | undefined {
  const section = String(row.section);
  if (!isFeedSectionKey(section)) return undefined;
  const result: PlacedItem = { item: rowToItem(row), section };
  if (Number(row.feed_count) > 1) result.feedIndex = Number(row.feed_index);
  return result;
}

/** Undated items keep the time we first saw them across refreshes, so they do not jump to the top. */
function itemKey(guid: unknown, link: unknown, title: unknown): string {
  return `${str(guid) ?? ""}\u0000${str(link) ?? ""}\u0000${String(title)}`;
}

// The first section (in the spec's order) that shows the article's feed.
const PLACEMENT = `
  JOIN feed_sections fs ON fs.feed_url = a.feed_url
   AND fs.section_rank = (SELECT MIN(section_rank) FROM feed_sections WHERE feed_url = a.feed_url)`;

/** All SQL for feeds and their articles. One instance per open database. */
export function createFeedStore(db: DatabaseSync) {
  const q = {
    upsertFeed: db.prepare("INSERT INTO feeds (url) VALUES (?) ON CONFLICT (url) DO NOTHING"),
    clearSections: db.prepare("DELETE FROM feed_sections"),
    insertSection: db.prepare(
      `INSERT INTO feed_sections (feed_url, section, feed_index, feed_count, section_rank)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    allFeedUrls: db.prepare("SELECT url FROM feeds"),
    deleteFeed: db.prepare("DELETE FROM feeds WHERE url = ?"),
    feed: db.prepare("SELECT * FROM feeds WHERE url = ?"),
    feeds: db.prepare(
      `SELECT f.*, (SELECT COUNT(*) FROM articles a WHERE a.feed_url = f.url) AS article_count,
              (SELECT json_group_array(section) FROM
                 (SELECT section FROM feed_sections WHERE feed_url = f.url ORDER BY section_rank)) AS sections
       FROM feeds f ORDER BY (SELECT MIN(section_rank) FROM feed_sections WHERE feed_url = f.url), f.url`,
    ),
    undated: db.prepare(
      "SELECT guid, link, title, published_at FROM articles WHERE feed_url = ? AND dated = 0",
    ),
    deleteItems: db.prepare("DELETE FROM articles WHERE feed_url = ?"),
    insertItem: db.prepare(
      `INSERT INTO articles (feed_url, position, guid, title, excerpt, content, link, image_url, author,
                             published_at, dated, read_time, categories)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    success: db.prepare(
      `UPDATE feeds SET title = COALESCE(?, title), etag = ?, last_modified = ?, last_attempt_at = ?,
         last_success_at = ?, last_error = NULL, consecutive_failures = 0, next_check_at = ?
       WHERE url = ?`,
    ),
    notModified: db.prepare(
      `UPDATE feeds SET last_attempt_at = ?, last_success_at = ?, last_error = NULL,
         consecutive_failures = 0, next_check_at = ? WHERE url = ?`,
    ),
    failure: db.prepare(
      `UPDATE feeds SET last_attempt_at = ?, last_error = ?, consecutive_failures = consecutive_failures + 1,
         next_check_at = ? WHERE url = ? RETURNING consecutive_failures`,
    ),
    setNextCheck: db.prepare("UPDATE feeds SET next_check_at = ? WHERE url = ?"),
    items: db.prepare("SELECT * FROM articles WHERE feed_url = ? ORDER BY position LIMIT ?"),
    count: db.prepare("SELECT COUNT(*) AS n FROM articles WHERE feed_url = ?"),
    latest: db.prepare(
      `SELECT a.*, fs.section, fs.feed_index, fs.feed_count FROM articles a ${PLACEMENT}
       ORDER BY a.published_at DESC LIMIT ?`,
    ),
    newest: db.prepare(
      `SELECT MAX(a.published_at) AS newest FROM articles a
       JOIN feed_sections fs ON fs.feed_url = a.feed_url WHERE fs.section = ?`,
    ),
    search: db.prepare(
      `SELECT a.*, fs.section, fs.feed_index, fs.feed_count,
              highlight(articles_fts, 0, '${MATCH_START}', '${MATCH_END}') AS title_marked,
              snippet(articles_fts, 1, '${MATCH_START}', '${MATCH_END}', '…', 24) AS excerpt_marked
       FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid ${PLACEMENT}
       WHERE articles_fts MATCH ?
       ORDER BY bm25(articles_fts, 5.0, 1.0), a.published_at DESC LIMIT ?`,
    ),
  };

  return {
    /** Makes the feeds table match the configuration; feeds no longer configured lose their articles. */
    syncFeeds(config: FeedsConfig): void {
      transaction(db, () => {
        const wanted = new Set<string>();
        q.clearSections.run();
        for (const [section, urls] of config) {
          const rank = FEED_SECTION_KEYS.indexOf(section);
          urls.forEach((url, index) => {
            wanted.add(url);
            q.upsertFeed.run(url);
            q.insertSection.run(url, section, index, urls.length, rank);
          });
        }
        for (const row of q.allFeedUrls.all() as Row[]) {
          if (!wanted.has(String(row.url))) q.deleteFeed.run(String(row.url));
        }
      });
    },

    feed(url: string): FeedState | undefined {
      const row = q.feed.get(url) as Row | undefined;
      return row ? rowToState(row) : undefined;
    },

    /** Every configured feed with its sections and stored article count (for /api/health/feeds). */
    feeds(): FeedStatus[] {
      return (q.feeds.all() as Row[]).map((row) => ({
        ...rowToState(row),
        sections: (JSON.parse(String(row.sections)) as string[]).filter(isFeedSectionKey),
        articleCount: Number(row.article_count),
      }));
    },

    /** A successful refresh: replaces the feed's items and records the success, atomically. */
    saveSuccess(
      url: string,
      result: { items: readonly FeedItem[]; title?: string; etag?: string; lastModified?: string },
      at: string,
      nextCheckAt: string,
    ): void {
      transaction(db, () => {
        const firstSeen = new Map<string, string>();
        for (const row of q.undated.all(url) as Row[]) {
          firstSeen.set(itemKey(row.guid, row.link, row.title), String(row.published_at));
        }
        q.deleteItems.run(url);
        for (const item of result.items) {
          const publishedAt = item.dated
            ? item.publishedAt
            : (firstSeen.get(itemKey(item.guid, item.link, item.title)) ?? item.publishedAt);
          q.insertItem.run(
            url,
            item.position,
            item.guid ?? null,
            item.title,
            item.excerpt,
            item.content,
            item.link ?? null,
            item.imageUrl ?? null,
            item.author ?? null,
            publishedAt,
            item.dated ? 1 : 0,
            item.readTime,
            item.categories && item.categories.length > 0 ? JSON.stringify(item.categories) : null,
          );
        }
        q.success.run(
          result.title ?? null,
          result.etag ?? null,
          result.lastModified ?? null,
          at,
          at,
          nextCheckAt,
          url,
        );
      });
    },

    /** A 304: the stored items stay; the feed counts as healthy. */
    saveNotModified(url: string, at: string, nextCheckAt: string): void {
      q.notModified.run(at, at, nextCheckAt, url);
    },

    /** A failed refresh keeps the stored items. Returns the new count of consecutive failures. */
    saveFailure(url: string, error: string, at: string, nextCheckAt: string): number {
      const row = q.failure.get(at, error, nextCheckAt, url) as Row | undefined;
      return Number(row?.consecutive_failures ?? 0);
    },

    setNextCheck(url: string, nextCheckAt: string): void {
      q.setNextCheck.run(nextCheckAt, url);
    },

    /** A feed's stored items in feed order. */
    items(url: string, limit = -1): FeedItem[] {
      return (q.items.all(url, limit) as Row[]).map(rowToItem);
    },

    articleCount(url: string): number {
      return Number((q.count.get(url) as Row | undefined)?.n ?? 0);
    },

    /** The newest items across all feeds, each placed in a section; repeated links appear once. */
    latest(limit: number): PlacedItem[] {
      const seen = new Set<string>();
      const result: PlacedItem[] = [];
      for (const row of q.latest.all(limit * 2) as Row[]) {
        const p = placed(row);
        if (!p) continue;
        const key = p.item.link ?? p.item.guid ?? `${String(row.id)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        result.push(p);
        if (result.length === limit) break;
      }
      return result;
    },

    newestPublishedAt(section: FeedSectionKey): string | undefined {
      return str((q.newest.get(section) as Row | undefined)?.newest);
    },

    /** Best matches first (title counts five times the excerpt); never throws on odd input. */
    search(query: string, limit: number): SearchRow[] {
      const fts = toFtsQuery(query);
      if (!fts || limit < 1) return [];
      const seen = new Set<string>();
      const result: SearchRow[] = [];
      for (const row of q.search.all(fts, limit * 2) as Row[]) {
        const p = placed(row);
        if (!p) continue;
        const key = p.item.link ?? p.item.guid ?? `${String(row.id)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        result.push({
          ...p,
          title: toSegments(String(row.title_marked)),
          excerpt: toSegments(String(row.excerpt_marked)),
        });
        if (result.length === limit) break;
      }
      return result;
    },
  };
}

export type FeedStore = ReturnType<typeof createFeedStore>;
