import { FEED_SECTION_KEYS, type FeedSectionKey, isFeedSectionKey } from "../../app/lib/sections.ts";
import type { FeedsConfig } from "../store/feed-store.ts";
import { FeedsConfigError } from "./errors.ts";

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

/**
 * Validates the feeds file (`{ "<section key>": ["<feed url>", ...] }`). Every problem throws a
 * FeedsConfigError whose message names the file and what is wrong, so a bad file stops the server
 * at start with a message an operator can act on.
 */
export function parseFeedsConfig(json: string, source: string): FeedsConfig {
  const problem = (what: string) => new FeedsConfigError(`Feeds config ${source}: ${what}`);
  let data: unknown;
  try {
    // A byte order mark (some editors on Windows save one) is no reason to refuse the file.
    data = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw problem(`invalid JSON (${oneLine(error instanceof Error ? error.message : String(error))})`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw problem(
      `expected an object mapping section keys to arrays of feed URLs, got ${data === null ? "null" : Array.isArray(data) ? "an array" : typeof data}`,
    );
  }
  const entries = new Map<FeedSectionKey, string[]>();
  for (const [key, value] of Object.entries(data)) {
    if (!isFeedSectionKey(key)) {
      throw problem(`unknown section key ${shown(key)} (feed sections are: ${FEED_SECTION_KEYS.join(", ")})`);
    }
    if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === "string")) {
      throw problem(`"${key}" must be a non-empty array of feed URL strings`);
    }
    const urls: string[] = [];
    for (const [index, raw] of (value as string[]).entries()) {
      let url: URL;
      try {
        url = new URL(raw.trim());
      } catch {
        throw problem(`"${key}" has an invalid URL: ${shown(raw)}`);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw problem(`"${key}" has a non-http(s) URL: ${shown(raw)}`);
      }
      if (url.href.length > MAX_FEED_URL_LENGTH) {
        throw problem(
          `"${key}" entry ${index + 1} is a URL of ${url.href.length} characters, longer than the ${MAX_FEED_URL_LENGTH} allowed: ${shown(raw)}`,
        );
      }
      if (urls.includes(url.href)) throw problem(`"${key}" lists ${url.href} twice`);
      urls.push(url.href);
    }
    entries.set(key, urls);
  }
  // Keep the spec's section order whatever order the file uses.
  const ordered = new Map<FeedSectionKey, readonly string[]>();
  for (const key of FEED_SECTION_KEYS) {
    const urls = entries.get(key);
    if (urls) ordered.set(key, urls);
  }
  return ordered;
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
