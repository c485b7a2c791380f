import type { FeedItem } from "#server/store/feed-store.ts";
import { parseFeedDate } from "./dates.ts";
import type { ParsedFeed, RawItem } from "./parse.ts";
import { firstChars, htmlToText, htmlToTextWithWords, readTimeFromWords } from "./text.ts";

// The item this module makes is the one the store keeps, so the store's interface defines it.
export type { FeedItem };

/** Categories kept per item, and the longest kept: a label, not a paragraph. */
export const MAX_CATEGORIES = 8;
export const MAX_CATEGORY_CHARS = 60;

/**
 * The item's categories as short plain-text labels: markup stripped, whitespace collapsed, empty and
 * over-long ones dropped, repeats (ignoring case) dropped, the first MAX_CATEGORIES kept.
 */
export function normalizeCategories(raw: readonly string[]): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const value of raw) {
    const label = htmlToText(value).replace(/\s+/g, " ").trim();
    if (label === "" || label.length > MAX_CATEGORY_CHARS) continue;
    const key = label.toLocaleLowerCase("en-US");
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(label);
    if (kept.length === MAX_CATEGORIES) break;
  }
  return kept;
}

/** The excerpt fallback's length. */
export const EXCERPT_CHARS = 200;

/**
 * An absolute URL the URL parser would return unchanged: lower-case host, no port, a path, only
 * characters that need no escaping, no dot segments (checked apart). Most feed links look like
 * this and skip the parser, which is a tenth of the normalising time.
 */
const CANONICAL_HTTP_URL = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*\/[\w\-.~!$&()*+,;=:@/?#]*$/;

/** An absolute http(s) URL, resolving a relative one against `base`; anything else is dropped. */
export function resolveHttpUrl(raw: string | undefined, base: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (CANONICAL_HTTP_URL.test(value) && value.indexOf("/.") === -1) return value;
  const url = base === undefined ? URL.parse(value) : URL.parse(value, base);
  return url && (url.protocol === "http:" || url.protocol === "https:") ? url.href : undefined;
}

/** Builds one FeedItem from a raw item. `now` is the ISO time used when the item has no date. */
export function normalizeItem(
  raw: RawItem,
  position: number,
  baseUrl: string | undefined,
  now: string,
): FeedItem {
  const description = htmlToTextWithWords(raw.description);
  const descriptionText = description.text;
  // Content is content:encoded when present, else the description (whose text we already have).
  const content = raw.content === undefined ? description : htmlToTextWithWords(raw.content);
  const contentText = content.text;
  const excerpt = descriptionText || (contentText ? `${firstChars(contentText, EXCERPT_CHARS)}...` : "");

  let publishedAt: string | undefined;
  for (const candidate of raw.dates) {
    const date = parseFeedDate(candidate);
    if (date) {
      publishedAt = date.toISOString();
      break;
    }
  }

  let imageUrl: string | undefined;
  for (const candidate of raw.images) {
    imageUrl = resolveHttpUrl(candidate, baseUrl);
    if (imageUrl) break;
  }

  // A permalink guid stands in for a missing link, but only when it is already an absolute URL.
  const link =
    resolveHttpUrl(raw.link, baseUrl) ??
    (raw.guidIsPermaLink ? resolveHttpUrl(raw.guid, undefined) : undefined);

  const item: FeedItem = {
    position,
    title: htmlToText(raw.title) || "Untitled",
    excerpt,
    content: contentText,
    publishedAt: publishedAt ?? now,
    dated: publishedAt !== undefined,
    readTime: readTimeFromWords(content.words),
  };
  const guid = raw.guid?.trim();
  if (guid) item.guid = guid;
  if (link) item.link = link;
  if (imageUrl) item.imageUrl = imageUrl;
  const author = htmlToText(raw.author);
  if (author) item.author = author;
  const categories = raw.categories?.length ? normalizeCategories(raw.categories) : [];
  if (categories.length > 0) item.categories = categories;
  return item;
}

export type NormalizeResult = { items: FeedItem[]; skipped: number; duplicates: number };

/**
 * Normalises the items of a parsed feed, up to `maxItems` of them. A bad item is skipped, never the
 * feed; a guid seen before in the same feed is dropped (the first, usually newest, copy wins) so ids
 * stay unique.
 */
export function normalizeFeed(
  feed: ParsedFeed,
  baseUrl: string | undefined,
  now = new Date(),
  maxItems = Number.POSITIVE_INFINITY,
): NormalizeResult {
  const nowIso = now.toISOString();
  const items: FeedItem[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  let duplicates = 0;
  for (let position = 0; position < feed.items.length && items.length < maxItems; position++) {
    let item: FeedItem;
    try {
      item = normalizeItem(feed.items[position] as RawItem, position, baseUrl, nowIso);
    } catch {
      skipped++;
      continue;
    }
    if (item.guid !== undefined) {
      if (seen.has(item.guid)) {
        duplicates++;
        continue;
      }
      seen.add(item.guid);
    }
    items.push(item);
  }
  return { items, skipped, duplicates };
}
