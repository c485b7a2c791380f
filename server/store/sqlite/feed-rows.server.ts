import { createHash } from "node:crypto";
import { publisherName } from "#domain/publisher.ts";
import { FEED_SECTION_KEYS, type FeedSectionKey, isFeedSectionKey } from "#domain/sections.ts";
import type { FeedItem, FeedsConfig } from "#server/store/feed-store.ts";
import {
  type FeedResult,
  type FeedState,
  FUTURE_TOLERANCE_MS,
  type PlacedItem,
  SEARCH_RANKED,
  type SearchCount,
} from "#server/store/feed-store.ts";

/**
 * What both stores (SQLite and PostgreSQL) share about feed rows: turning a row into an item,
 * an item's identity, and the rules of a refresh (ids per feed, first-seen times, the future-date
 * clamp). Driver-free, so the two dialects cannot drift apart on the spec's rules.
 */

export type Row = Record<string, unknown>;

/** One feed_sections row of a publication's list: the feed's place in its section. */
export type SectionRow = { url: string; section: FeedSectionKey; index: number; count: number; rank: number };

export function sectionRows(config: FeedsConfig): SectionRow[] {
  const out: SectionRow[] = [];
  for (const [section, urls] of config) {
    const rank = FEED_SECTION_KEYS.indexOf(section);
    urls.forEach((url, index) => {
      out.push({ url, section, index, count: urls.length, rank });
    });
  }
  return out;
}

/** A list's sections and feeds in order, hashed: an equal digest needs no rewrite. */
export function feedListDigest(config: FeedsConfig): string {
  return createHash("sha1")
    .update(JSON.stringify([...config]))
    .digest("hex");
}

/**
 * Every feed the publications list, each with its publisher's name: the one the first publication
 * (by slug) that names it gives, else null. A feed is one publisher whoever lists it.
 */
export function wantedFeeds(lists: ReadonlyMap<string, FeedsConfig>): Map<string, string | null> {
  const wanted = new Map<string, string | null>();
  for (const slug of [...lists.keys()].sort()) {
    const config = lists.get(slug) as FeedsConfig;
    for (const urls of config.values()) {
      for (const url of urls) {
        const name = config.names?.get(url) ?? null;
        if (!wanted.has(url) || (wanted.get(url) === null && name !== null)) wanted.set(url, name);
      }
    }
  }
  return wanted;
}

export const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/**
 * What every read of articles joins (both dialects), so each row names its publisher: the feed's
 * configured name and channel title beside the row's feed_url (`a` is the articles table).
 */
export const PUBLISHER_JOIN = "LEFT JOIN feeds pf ON pf.url = a.feed_url";
export const PUBLISHER_COLUMNS = "pf.name AS feed_name, pf.title AS feed_title";

/**
 * A stored row as an item. Stored positions are order keys (see orderKeys), not indexes: a reader
 * of a feed's current listing passes each item's place in it; elsewhere (archive, search, latest)
 * the place is unknown (-1) and the row's id stands in where an id is needed.
 */
export function rowToItem(row: Row, position = -1): FeedItem {
  const item: FeedItem = {
    position,
    title: String(row.title),
    excerpt: String(row.excerpt),
    content: String(row.content),
    publishedAt: String(row.published_at),
    dated: Number(row.dated) === 1,
    readTime: Number(row.read_time),
  };
  if (row.id !== undefined && row.id !== null) item.storeId = Number(row.id);
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
  if (typeof row.feed_url === "string")
    item.publisher = publisherName({
      url: row.feed_url,
      name: str(row.feed_name),
      title: str(row.feed_title),
    });
  return item;
}

/** The stored JSON array of categories; anything unreadable (an empty string too) counts as none. */
function categoriesOf(value: unknown): string[] | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return undefined;
    const labels = parsed.filter((c): c is string => typeof c === "string" && c !== "");
    return labels.length > 0 ? labels : undefined;
  } catch {
    return undefined;
  }
}

export function rowToState(row: Row): FeedState {
  const state: FeedState = { url: String(row.url), consecutiveFailures: Number(row.consecutive_failures) };
  const fields = [
    ["title", "title"],
    ["name", "name"],
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

export function placed(row: Row): PlacedItem | undefined {
  const section = String(row.section);
  if (!isFeedSectionKey(section)) return undefined;
  const result: PlacedItem = { item: rowToItem(row), section };
  if (Number(row.feed_count) > 1) result.feedIndex = Number(row.feed_index);
  return result;
}

/** An item's identity within its feed: its guid, else its link, else its title. */
export function itemKey(item: Pick<FeedItem, "guid" | "link" | "title">): string {
  if (item.guid) return `g:${item.guid}`;
  if (item.link) return `l:${item.link}`;
  return `t:${item.title}`;
}

/** What a page shows of an item, hashed: equal fingerprints need no rewrite. */
function fingerprint(item: FeedItem, publishedAt: string): string {
  return createHash("sha1")
    .update(
      JSON.stringify([
        item.guid,
        item.title,
        item.excerpt,
        item.content,
        item.link,
        item.imageUrl,
        item.author,
        publishedAt,
        item.dated,
        item.readTime,
        item.categories,
      ]),
    )
    .digest("base64");
}

/**
 * A story's identity in SQL, as dedupeKey has it for a search: its link, else the row (a feed's
 * guid is unique within it, so only a shared link repeats a story). The same text on both stores.
 */
export const STORY_KEY = "COALESCE(NULLIF(a.link, ''), 'id ' || a.id)";

/** A search count from its `matched` (rows, up to SEARCH_RANKED + 1) and `stories` columns. */
export function searchCountOf(row: Row | undefined): SearchCount {
  const matched = Number(row?.matched ?? 0);
  if (matched > SEARCH_RANKED) return { total: SEARCH_RANKED, capped: true };
  return { total: Number(row?.stories ?? 0), capped: false };
}

/** Repeated stories (same link, else same feed and guid) appear once in cross-feed lists. */
export function dedupeKey(row: Row, p: PlacedItem): string {
  return p.item.link ?? (p.item.guid ? `${String(row.feed_url)}\u0000${p.item.guid}` : String(row.id));
}

/** A stored item as a refresh needs to know it. */
export type KnownItem = {
  id: number;
  key: string;
  position: number | null;
  fingerprint: string;
  firstSeenAt: string;
};

/** An item's stored columns, in the order both stores' statements bind them. */
export type ItemFields = {
  guid: string | null;
  title: string;
  excerpt: string;
  content: string;
  link: string | null;
  imageUrl: string | null;
  author: string | null;
  publishedAt: string;
  dated: 0 | 1;
  readTime: number;
  categories: string | null;
};

/** The writes one successful refresh needs; applying all of them in one transaction is the store's job. */
export type RefreshPlan = {
  inserts: { key: string; position: number; fields: ItemFields; firstSeenAt: string; fingerprint: string }[];
  updates: { id: number; position: number; fields: ItemFields; fingerprint: string }[];
  /** Position changes only (null: the item left the feed and stays in the archive). */
  moves: { id: number; position: number | null }[];
  changed: boolean;
};

/**
 * Order keys for a feed's current items, given what each one had stored (null: new, or back after
 * leaving), in the feed's order. A key only has to sort like the feed; it is not an index, so a
 * poll that adds items at the top writes the new rows alone (renumbering 0..n-1 rewrote every
 * item below them on every poll, most of a 1,000-feed cycle's writes). The longest run of stored
 * keys already in order is kept; the other items are fitted into the gaps around it, and only
 * when a gap is too narrow is the whole listing renumbered.
 */
export function orderKeys(stored: readonly (number | null)[]): number[] {
  const keep = keptInOrder(stored);
  const keys: number[] = [];
  let i = 0;
  while (i < stored.length) {
    const kept = keep[i] ? stored[i] : null;
    if (kept !== null && kept !== undefined) {
      keys.push(kept);
      i++;
      continue;
    }
    let end = i;
    while (end < stored.length && !keep[end]) end++;
    const m = end - i;
    const before = i > 0 ? keys[i - 1] : undefined;
    const after = end < stored.length ? stored[end] : undefined;
    let first: number;
    if (before === undefined) first = after === undefined || after === null ? 0 : after - m;
    else if (after === undefined || after === null || after - before - 1 >= m) first = before + 1;
    else return stored.map((_, k) => k);
    for (let j = 0; j < m; j++) keys.push(first + j);
    i = end;
  }
  return keys;
}

/** Which entries belong to the longest strictly increasing run of stored keys (nulls never do). */
function keptInOrder(stored: readonly (number | null)[]): boolean[] {
  // Patience sorting: tails[l] is the index ending the best run of length l + 1.
  const tails: number[] = [];
  const previous = new Array<number>(stored.length).fill(-1);
  stored.forEach((key, i) => {
    if (key === null) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((stored[tails[mid] as number] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1] as number;
    tails[lo] = i;
  });
  const keep = new Array<boolean>(stored.length).fill(false);
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i] ?? -1) keep[i] = true;
  return keep;
}

/**
 * Compares a feed's fetched items with what is stored: items are upserted by their key, the first
 * listing of a key wins, unchanged items are not rewritten (nor moved, when new items only arrive
 * around them: see orderKeys), departed items stay (no longer current). Undated items and items
 * dated more than FUTURE_TOLERANCE_MS after the fetch keep the time they were first seen.
 */
export function planRefresh(known: readonly KnownItem[], result: FeedResult, at: string): RefreshPlan {
  const fetchedAt = Date.parse(at);
  const latestAllowed = Number.isNaN(fetchedAt)
    ? undefined
    : new Date(fetchedAt + FUTURE_TOLERANCE_MS).toISOString();
  const byKey = new Map(known.map((k) => [k.key, k]));
  const plan: RefreshPlan = { inserts: [], updates: [], moves: [], changed: false };
  const listed = new Map<string, FeedItem>();
  // A key listed twice in one feed is one story: the first listing wins.
  for (const item of result.items) {
    const key = itemKey(item);
    if (!listed.has(key)) listed.set(key, item);
  }
  const keys = orderKeys([...listed.keys()].map((key) => byKey.get(key)?.position ?? null));
  let index = 0;
  for (const [key, item] of listed) {
    const position = keys[index++] as number;
    const old = byKey.get(key);
    // An undated item's publishedAt is already the time of this fetch (the normaliser's).
    const firstSeenAt = old ? old.firstSeenAt : item.dated ? at : item.publishedAt;
    // Undated items keep the time we first saw them; so do items dated far in the future,
    // which would otherwise lead their section until that date.
    const ahead = latestAllowed !== undefined && item.publishedAt > latestAllowed;
    const publishedAt = !item.dated || ahead ? firstSeenAt : item.publishedAt;
    const print = fingerprint(item, publishedAt);
    if (old && old.fingerprint === print) {
      if (old.position !== position) {
        plan.moves.push({ id: old.id, position });
        plan.changed = true;
      }
      continue;
    }
    plan.changed = true;
    const fields: ItemFields = {
      guid: item.guid ?? null,
      title: item.title,
      excerpt: item.excerpt,
      content: item.content,
      link: item.link ?? null,
      imageUrl: item.imageUrl ?? null,
      author: item.author ?? null,
      publishedAt,
      dated: item.dated ? 1 : 0,
      readTime: item.readTime,
      categories: item.categories && item.categories.length > 0 ? JSON.stringify(item.categories) : null,
    };
    if (old) plan.updates.push({ id: old.id, position, fields, fingerprint: print });
    else plan.inserts.push({ key, position, fields, firstSeenAt, fingerprint: print });
  }
  for (const k of known) {
    if (!listed.has(k.key) && k.position !== null) {
      plan.moves.push({ id: k.id, position: null });
      plan.changed = true;
    }
  }
  return plan;
}

/** An item's fields as positional parameters (the column order of both stores' statements). */
export function fieldValues(f: ItemFields) {
  return [
    f.guid,
    f.title,
    f.excerpt,
    f.content,
    f.link,
    f.imageUrl,
    f.author,
    f.publishedAt,
    f.dated,
    f.readTime,
    f.categories,
  ] as const;
}

/**
 * How many feeds one archive statement merges (SQLite allows 500 terms in a compound SELECT); a
 * section with more is read in such chunks, each giving its newest rows, merged here.
 */
export const MERGE_FEEDS = 200;

/** How a store reads an archive page: its ids (and times) first, then those rows whole. */
export type ArchiveReads = {
  /** One page of the archive of `urls`: at most `perFeed` rows of each, merged newest first. */
  ids(urls: string[], perFeed: number, limit: number, offset: number): Row[] | Promise<Row[]>;
  rows(ids: number[]): Row[] | Promise<Row[]>;
};

const newestFirst = (a: Row, b: Row) =>
  a.published_at === b.published_at
    ? Number(b.id) - Number(a.id)
    : String(a.published_at) < String(b.published_at)
      ? 1
      : -1;

/**
 * A page of a section's archive (both stores): `feeds` are the section's feed_sections rows; each
 * row gets its feed's place in the section (section, feed_index, feed_count). A feed can add at
 * most `offset + limit` rows to the page's first `offset + limit`, so no more is read of any.
 */
export async function mergeArchive(
  feeds: readonly Row[],
  limit: number,
  offset: number,
  read: ArchiveReads,
): Promise<Row[]> {
  const byUrl = new Map(feeds.map((f) => [String(f.feed_url), f]));
  const urls = [...byUrl.keys()];
  if (urls.length === 0) return [];
  const perFeed = offset + limit;
  let page: Row[];
  if (urls.length <= MERGE_FEEDS) page = await read.ids(urls, perFeed, limit, offset);
  else {
    const all: Row[] = [];
    for (let i = 0; i < urls.length; i += MERGE_FEEDS)
      all.push(...(await read.ids(urls.slice(i, i + MERGE_FEEDS), perFeed, perFeed, 0)));
    page = all.sort(newestFirst).slice(offset, offset + limit);
  }
  if (page.length === 0) return [];
  const rows = new Map((await read.rows(page.map((r) => Number(r.id)))).map((r) => [Number(r.id), r]));
  const result: Row[] = [];
  for (const { id } of page) {
    const row = rows.get(Number(id));
    const feed = row && byUrl.get(String(row.feed_url));
    // A row deleted between the two reads (pruned) is left out.
    if (row && feed)
      result.push({
        ...row,
        section: feed.section,
        feed_index: feed.feed_index,
        feed_count: feed.feed_count,
      });
  }
  return result;
}

/** Placed rows in order, each story once (see dedupeKey), at most `limit`. */
export function placedOnce(rows: readonly Row[], limit: number): PlacedItem[] {
  const seen = new Set<string>();
  const result: PlacedItem[] = [];
  for (const row of rows) {
    const p = placed(row);
    if (!p) continue;
    const key = dedupeKey(row, p);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(p);
    if (result.length === limit) break;
  }
  return result;
}
