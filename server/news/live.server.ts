import type { Article } from "#domain/article.ts";
import { isFeedSectionKey } from "#domain/sections.ts";
import { errorMessage, UnknownSectionError } from "#server/ingest/errors.ts";
import type { FeedsConfig } from "#server/ingest/feeds-config.ts";
import type { FetchFeedOptions } from "#server/ingest/fetch.server.ts";
import type { FeedItem } from "#server/ingest/normalize.ts";
import { publisherName } from "#server/ingest/publisher.ts";
import { readFeed } from "#server/ingest/read-feed.server.ts";
import { buildSectionArticles, DEFAULT_SECTION_LIMIT } from "./section-articles.ts";

export type LiveSectionResult = {
  articles: Article[];
  /** Feeds that failed (skipped, as the spec says), with the catalogue's words. */
  errors: { url: string; error: string }[];
};

/**
 * The spec's section helper without the store: fetches the section's feeds now, in parallel, and
 * applies the section rule. A failing feed is skipped and reported in `errors`. Throws
 * UnknownSectionError for a section with no feeds. (The CLI's `section` command; pages use the
 * engine, which reads the store.)
 */
export async function fetchSectionArticles(
  config: FeedsConfig,
  section: string,
  options: FetchFeedOptions & { limit?: number },
): Promise<LiveSectionResult> {
  const urls = isFeedSectionKey(section) ? config.get(section) : undefined;
  if (!urls || !isFeedSectionKey(section)) throw new UnknownSectionError(section);
  const errors: LiveSectionResult["errors"] = [];
  const perFeed = await Promise.all(
    urls.map(async (url): Promise<FeedItem[]> => {
      try {
        const result = await readFeed(url, options);
        if (result.notModified) return [];
        const publisher = publisherName({ url, name: config.names?.get(url), title: result.title });
        return result.items.map((item) => ({ ...item, publisher }));
      } catch (error) {
        errors.push({ url, error: errorMessage(error) });
        return [];
      }
    }),
  );
  return { articles: buildSectionArticles(section, perFeed, options.limit ?? DEFAULT_SECTION_LIMIT), errors };
}
