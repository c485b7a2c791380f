import { formatLongDate, isoDay } from "#domain/dates.ts";
import { postPath } from "#domain/posts.ts";
import { HOME_SECTIONS, sectionDisplayName } from "#domain/sections.ts";
import type { NewsReader } from "#server/news/reader.server.ts";
import type { Post } from "#server/publishing/posts.server.ts";

export type EditionHeadline = { title: string; link?: string; publisher: string };
export type EditionBlock = { key: string; name: string; headlines: EditionHeadline[] };
export type EditionPost = { title: string; url: string; description: string };
/** One day's edition before it is rendered. day: YYYY-MM-DD in the site's zone; dateLabel e.g. "Thursday, November 26, 2026". */
export type EditionContent = { day: string; dateLabel: string; blocks: EditionBlock[]; post?: EditionPost };

/** The home page's blocks hold five headlines; the edition shows the same ones. */
export const EDITION_PER_BLOCK = 5;

/** Only a link a mail client opens as a web page: anything else (javascript:, mailto:, …) is dropped. */
function webLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    return url.protocol === "http:" || url.protocol === "https:" ? link : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The day's edition: the home page's blocks, in its order, each with its top headlines, and the
 * newest published post. A block that served sample headlines or could not be read is left out:
 * a mail must never pass invented headlines off as news.
 */
export async function buildEditionContent(deps: {
  reader: Pick<NewsReader, "getSectionArticles">;
  posts: () => readonly Post[];
  siteUrl: string;
  now: Date;
  timeZone: string;
  perBlock?: number;
  log?: { warn(details: object, message: string): void };
}): Promise<EditionContent> {
  const { reader, siteUrl, now, timeZone, log } = deps;
  const perBlock = deps.perBlock ?? EDITION_PER_BLOCK;
  const read = await Promise.all(
    HOME_SECTIONS.map(async (key): Promise<EditionBlock | null> => {
      try {
        const { articles, sample } = await reader.getSectionArticles(key, perBlock);
        if (sample) {
          log?.warn({ section: key }, "edition block left out: its section has only sample headlines");
          return null;
        }
        if (articles.length === 0) return null;
        const headlines = articles.slice(0, perBlock).map((a) => {
          const link = webLink(a.link);
          return { title: a.title, ...(link ? { link } : {}), publisher: a.publisher };
        });
        return { key, name: sectionDisplayName(key), headlines };
      } catch (error) {
        log?.warn({ section: key, err: String(error) }, "edition block left out: its section did not load");
        return null;
      }
    }),
  );
  const blocks = read.filter((b): b is EditionBlock => b !== null);
  const newest = deps.posts()[0];
  const post = newest && {
    title: newest.title,
    url: `${siteUrl.replace(/\/+$/, "")}${postPath(newest.slug)}`,
    description: newest.description,
  };
  return {
    day: isoDay(now, timeZone, timeZone),
    dateLabel: formatLongDate(now, timeZone, timeZone),
    blocks,
    ...(post ? { post } : {}),
  };
}
