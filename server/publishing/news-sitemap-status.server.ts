import { identity } from "#content/identity.ts";
import * as dates from "#domain/dates.ts";
import type { Post } from "./posts.server.ts";
import { isNewsPost, NEWS_WINDOW_MS } from "./sitemaps.server.ts";

const formatShortDate = (value: Date | string, zone: string) => dates.formatShortDate(value, zone, zone);
const formatShortDateTime = (value: Date | string, zone: string) =>
  dates.formatShortDateTime(value, zone, zone);

/** What /sitemap-manager says about the news sitemap before anyone generates it. */
export type NewsSitemapStatus = {
  /** Posts the news sitemap lists now. */
  count: number;
  /** One sentence for readers: how many it lists, or why it is empty and when it fills again. */
  note: string;
};

const plural = (n: number) => (n === 1 ? "1 article" : `${n} articles`);

/**
 * Google News takes only articles from the last two days, so with a post every few days the news
 * sitemap is empty most of the time. That is right (older entries are ignored or frowned upon), but
 * an empty file looks broken; this says why it is empty, or when it will empty.
 */
export function newsSitemapStatus(
  posts: readonly Post[],
  now: Date = new Date(),
  zone: string = identity.timeZone,
): NewsSitemapStatus {
  const news = posts.filter((p) => isNewsPost(p, now));
  if (news.length > 0) {
    const newest = Math.max(...news.map((p) => Date.parse(p.publishedAt)));
    // The window closes during a day, so the note names the minute (rounded up: empty by then).
    const empties = Math.ceil((newest + NEWS_WINDOW_MS) / 60_000) * 60_000;
    return {
      count: news.length,
      note:
        `The news sitemap lists ${plural(news.length)} from the last two days (the window Google News ` +
        `reads); it will be empty from ${formatShortDateTime(new Date(empties), zone)} unless we publish again.`,
    };
  }
  const latest = posts
    .filter((p) => Date.parse(p.publishedAt) <= now.getTime())
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0];
  return {
    count: 0,
    note: latest
      ? `The news sitemap is empty right now, and that is expected: Google News takes only articles ` +
        `from the last two days, and our newest post, “${latest.title}”, came out on ` +
        `${formatShortDate(latest.publishedAt, zone)}. It fills again with our next post.`
      : "The news sitemap is empty right now: Google News takes only articles from the last two days, " +
        "and we have not published a post yet.",
  };
}
