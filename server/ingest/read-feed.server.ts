import { readFile } from "node:fs/promises";
import { decodeFeedBytes } from "./decode.ts";
import { type FetchFeedOptions, fetchFeed } from "./fetch.server.ts";
import { type FeedItem, normalizeFeed } from "./normalize.ts";
import { parseFeed } from "./parse.ts";
import { publisherText } from "./publisher.ts";

export type FeedReadResult =
  | { notModified: true; url: string }
  | {
      notModified: false;
      /** Where the feed was finally found (after redirects); relative links resolve against it. */
      url: string;
      /** The channel's title as a publisher's name (plain text, capped); absent when it has none. */
      title?: string;
      items: FeedItem[];
      /** Items that could not be normalised, and repeated guids dropped. */
      skipped: number;
      duplicates: number;
      etag?: string;
      lastModified?: string;
    };

/** Fetches, parses and normalises one feed. Throws the catalogue's errors (see errors.ts). */
export async function readFeed(
  url: string,
  options: FetchFeedOptions & { now?: Date; maxItems?: number },
): Promise<FeedReadResult> {
  const fetched = await fetchFeed(url, options);
  if (fetched.notModified) return fetched;
  // Twice the cap leaves room for items the normaliser skips, and no more: a huge feed's tail
  // is never read.
  const parsed = parseFeed(
    fetched.body,
    options.maxItems === undefined ? {} : { maxItems: options.maxItems * 2 },
  );
  const { items, skipped, duplicates } = normalizeFeed(parsed, fetched.url, options.now, options.maxItems);
  const result: FeedReadResult = { notModified: false, url: fetched.url, items, skipped, duplicates };
  const title = publisherText(parsed.title);
  if (title) result.title = title;
  if (fetched.etag) result.etag = fetched.etag;
  if (fetched.lastModified) result.lastModified = fetched.lastModified;
  return result;
}

/**
 * Parses and normalises a feed file. Relative links resolve against `baseUrl` when given; without
 * it they are dropped, since a file has no web address to resolve them against.
 */
export async function readFeedFile(path: string, baseUrl?: string, now?: Date) {
  const xml = decodeFeedBytes(await readFile(path));
  const parsed = parseFeed(xml);
  return { parsed, ...normalizeFeed(parsed, baseUrl, now) };
}
