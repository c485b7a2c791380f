import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type FeedSectionKey, SECTIONS } from "#domain/sections.ts";
import { decodeFeedBytes } from "#server/ingest/decode.ts";
import { type FeedItem, normalizeFeed } from "#server/ingest/normalize.ts";
import { parseFeed } from "#server/ingest/parse.ts";
import { publisherName, publisherText } from "#server/ingest/publisher.ts";

export const DEFAULT_SAMPLES_DIR = "content/samples";

/** The newest sample item is shown as this long ago, so the list reads like a morning's news. */
const NEWEST_SAMPLE_AGE_MS = 25 * 60 * 1000;

/**
 * Sections whose samples look back at history rather than report the day's news (the section
 * table's `lookBack`): their dates stay as the file has them, so a story about the streetcar of
 * 1891 is never dated today.
 */
const LOOK_BACK_SECTIONS: ReadonlySet<string> = new Set(SECTIONS.filter((s) => s.lookBack).map((s) => s.key));

/**
 * Our own sample feeds (content/samples/<section>.xml), served when a section has nothing stored
 * and its live feeds cannot be fetched. Their links and images are site-relative, resolved against
 * SITE_URL. Dates move with the clock (except the look-backs'): the committed files keep their
 * spacing, and the newest item is always 25 minutes old, so an offline site never shows a stale
 * "last week".
 */
export function createSampleSource(options: { dir?: string; siteUrl: string; now?: () => Date }) {
  const dir = resolve(options.dir ?? DEFAULT_SAMPLES_DIR);
  const base = `${options.siteUrl.replace(/\/+$/, "")}/`;
  const now = options.now ?? (() => new Date());
  const cache = new Map<FeedSectionKey, Promise<FeedItem[]>>();

  async function load(section: FeedSectionKey): Promise<FeedItem[]> {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(dir, `${section}.xml`));
    } catch {
      return [];
    }
    const parsed = parseFeed(decodeFeedBytes(bytes));
    const { items } = normalizeFeed(parsed, base, new Date(0));
    // Samples name their publisher as live headlines do: the file's channel title (else our host).
    const publisher = publisherName({ url: base, title: publisherText(parsed.title) });
    return items.map((item) => ({ ...item, publisher }));
  }

  return {
    /** The section's sample items with their dates moved to end just before now; [] when it has none. */
    async items(section: FeedSectionKey): Promise<FeedItem[]> {
      let pending = cache.get(section);
      if (!pending) {
        pending = load(section);
        cache.set(section, pending);
        // A broken file is a bug to fix, not something to cache forever.
        pending.catch(() => cache.delete(section));
      }
      const items = await pending;
      if (LOOK_BACK_SECTIONS.has(section)) return items;
      const newest = Math.max(...items.map((i) => Date.parse(i.publishedAt)));
      if (!Number.isFinite(newest)) return items;
      const shift = now().getTime() - NEWEST_SAMPLE_AGE_MS - newest;
      return items.map((i) => ({
        ...i,
        publishedAt: new Date(Date.parse(i.publishedAt) + shift).toISOString(),
      }));
    },
  };
}

export type SampleSource = ReturnType<typeof createSampleSource>;
