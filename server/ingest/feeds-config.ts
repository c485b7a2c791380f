import { FEED_SECTION_KEYS, type FeedSectionKey, isFeedSectionKey, isSectionKey } from "#domain/sections.ts";
import type { FeedsConfig } from "#server/store/feed-store.ts";
import { FeedsConfigError } from "./errors.ts";
import { MAX_PUBLISHER_CHARS } from "./publisher.ts";

export type { FeedsConfig };

/**
 * The longest feed URL taken. PostgreSQL's btree index refuses keys past ~2.7 KB (feeds.url is
 * indexed), so a longer URL would start a server whose feed store can never be prepared; both
 * stores refuse it alike, at start.
 */
export const MAX_FEED_URL_LENGTH = 2048;

/** A value as a message shows it: one line, at most `max` characters. */
function shown(value: string, max = 80): string {
  const text = JSON.stringify(value);
  return text.length <= max ? text : `${text.slice(0, max)}… (${value.length} characters)`;
}

/** One line, whatever the parser said (its message may quote the file's text). */
const oneLine = (text: string) => text.replace(/\s+/g, " ").slice(0, 200);

/** One entry of a section's list: a feed URL, or `{ "url": …, "name": … }` naming its publisher. */
type Entry = { raw: string; name?: string };

/** Control characters, line breaks and markup have no place in a name shown as plain text. */
const NOT_PLAIN = /[\p{Cc}\u2028\u2029<>]/u;

/**
 * Validates the feeds file (`{ "<section key>": ["<feed url>" | { "url": "<feed url>", "name":
 * "<publisher>" }, ...] }`). Every problem throws a FeedsConfigError whose message names the file,
 * the entry and what is wrong, so a bad file stops the server at start with a message an operator
 * can act on. A name is the publisher's as headlines show it (it wins over the feed's own title).
 */
export function parseFeedsConfig(json: string, source: string): FeedsConfig {
  let data: unknown;
  try {
    // A byte order mark (some editors on Windows save one) is no reason to refuse the file.
    data = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new FeedsConfigError(
      `Feeds config ${source}: invalid JSON (${oneLine(error instanceof Error ? error.message : String(error))})`,
    );
  }
  return feedsConfigFrom(data, `Feeds config ${source}`);
}

/**
 * The feed list's rules applied to a value already read (a feeds file's, or a publication's
 * "feeds"); every message starts with `where`.
 */
export function feedsConfigFrom(data: unknown, where: string): FeedsConfig {
  const problem = (what: string) => new FeedsConfigError(`${where}: ${what}`);
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw problem(
      `expected an object mapping section keys to arrays of feed URLs, got ${data === null ? "null" : Array.isArray(data) ? "an array" : typeof data}`,
    );
  }
  const entries = new Map<FeedSectionKey, string[]>();
  const names = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (!isFeedSectionKey(key)) throw problem(notAFeedSection(key));
    if (!Array.isArray(value) || value.length === 0) {
      throw problem(`"${key}" must be a non-empty array of feed URL strings or { "url", "name" } objects`);
    }
    const urls: string[] = [];
    for (const [index, item] of (value as unknown[]).entries()) {
      const at = `"${key}" entry ${index + 1}`;
      const entry = readEntry(item, at, problem);
      let url: URL;
      try {
        url = new URL(entry.raw.trim());
      } catch {
        throw problem(`"${key}" has an invalid URL: ${shown(entry.raw)}`);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw problem(`"${key}" has a non-http(s) URL: ${shown(entry.raw)}`);
      }
      if (url.href.length > MAX_FEED_URL_LENGTH) {
        throw problem(
          `${at} is a URL of ${url.href.length} characters, longer than the ${MAX_FEED_URL_LENGTH} allowed: ${shown(entry.raw)}`,
        );
      }
      if (urls.includes(url.href)) throw problem(`"${key}" lists ${url.href} twice`);
      urls.push(url.href);
      if (entry.name === undefined) continue;
      // A feed shown in two sections is one publisher: two different names for it is a mistake.
      const named = names.get(url.href);
      if (named !== undefined && named !== entry.name) {
        throw problem(`${at} names ${url.href} ${shown(entry.name)}, another entry names it ${shown(named)}`);
      }
      names.set(url.href, entry.name);
    }
    entries.set(key, urls);
  }
  // Keep the spec's section order whatever order the file uses.
  const ordered = new Map<FeedSectionKey, readonly string[]>();
  for (const key of FEED_SECTION_KEYS) {
    const urls = entries.get(key);
    if (urls) ordered.set(key, urls);
  }
  return Object.assign(ordered, { names });
}

/** Why a key of the file is no feed section, with the keys that are (the section table's). */
function notAFeedSection(key: string): string {
  const valid = `feed sections are: ${FEED_SECTION_KEYS.join(", ")}`;
  if (isSectionKey(key)) return `section ${shown(key)} takes no feeds (${valid})`;
  // Keys are the routes' spelling: "Local" or " local" is a slip worth naming.
  const near = key
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  const hint = isFeedSectionKey(near) ? `did you mean "${near}"? ` : "";
  return `unknown section key ${shown(key)} (${hint}${valid})`;
}

/** A list entry: a URL string, or an object with a string `url` and an optional plain-text `name`. */
function readEntry(item: unknown, at: string, problem: (what: string) => FeedsConfigError): Entry {
  if (typeof item === "string") return { raw: item };
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    throw problem(`${at} must be a feed URL string or a { "url", "name" } object`);
  }
  const { url, name, ...rest } = item as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0)
    throw problem(`${at} has an unknown field ${shown(extra[0] as string)} (fields: url, name)`);
  if (typeof url !== "string") throw problem(`${at} needs a "url" string`);
  if (name === undefined) return { raw: url };
  if (typeof name !== "string") throw problem(`${at} has a "name" that is not a string`);
  const trimmed = name.trim();
  if (trimmed === "") throw problem(`${at} has an empty "name" (leave it out to use the feed's own title)`);
  if (trimmed.length > MAX_PUBLISHER_CHARS) {
    throw problem(
      `${at} has a "name" of ${trimmed.length} characters, longer than the ${MAX_PUBLISHER_CHARS} allowed: ${shown(trimmed)}`,
    );
  }
  if (NOT_PLAIN.test(trimmed)) {
    throw problem(`${at} has a "name" that is not plain text (no markup or line breaks): ${shown(trimmed)}`);
  }
  return { raw: url, name: trimmed };
}

/** Every distinct feed URL, each with the sections that show it (a URL may serve several). */
export function feedsBySection(config: FeedsConfig): Map<string, FeedSectionKey[]> {
  const byUrl = new Map<string, FeedSectionKey[]>();
  for (const [section, urls] of config) {
    for (const url of urls) {
      const sections = byUrl.get(url);
      if (sections) sections.push(section);
      else byUrl.set(url, [section]);
    }
  }
  return byUrl;
}
