import type { Article } from "#domain/article.ts";
import { type FeedSectionKey, sectionDisplayName } from "#domain/sections.ts";
import type { FeedItem } from "#server/ingest/normalize.ts";
import { feedHost } from "#server/ingest/publisher.ts";

/** The spec's default number of articles per section fetch (§9). */
export const DEFAULT_SECTION_LIMIT = 15;

/**
 * A stored item as an Article of `section`. Without a guid the id is `{section}-{index}`, or
 * `{section}-{feed}-{index}` when the section merges several feeds, so ids stay unique; an item
 * read without its place in the feed (archive, search) is `{section}-a{stored id}`.
 */
export function itemToArticle(item: FeedItem, section: FeedSectionKey, feedIndex?: number): Article {
  const index = item.position < 0 && item.storeId !== undefined ? `a${item.storeId}` : String(item.position);
  const article: Article = {
    id: item.guid ?? (feedIndex === undefined ? `${section}-${index}` : `${section}-${feedIndex}-${index}`),
    title: item.title,
    excerpt: item.excerpt,
    content: item.content,
    category: sectionDisplayName(section),
    // Every source sets the publisher (the store, the samples, a live fetch); the link's host is
    // the last resort, so a headline never lacks one.
    publisher: item.publisher ?? (item.link ? feedHost(item.link) : "Unknown publisher"),
    publishedAt: item.publishedAt,
    readTime: item.readTime,
    featured: false,
    section,
  };
  if (item.imageUrl !== undefined) article.imageUrl = item.imageUrl;
  if (item.link !== undefined) article.link = item.link;
  if (item.author !== undefined) article.author = item.author;
  if (item.categories !== undefined) article.categories = [...item.categories];
  return article;
}

export function newestFirst(a: Article, b: Article): number {
  // ISO strings of years 1900-9999 (all parseFeedDate lets through) order like the times they name.
  return a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0;
}

/** How many items of each feed a section's first page takes (the spec's rule, §7). */
export function firstPageTake(feedCount: number, limit: number): number {
  return feedCount === 1 ? limit : Math.ceil(limit / Math.max(1, feedCount));
}

/**
 * The spec's section rule (§7, §9). `feeds` has one entry per configured feed, in configuration
 * order, each in feed order; a feed that failed is an empty list and still counts. One feed: its
 * first `limit` items in the publisher's order. Several: ceil(limit / feeds) from each, merged,
 * newest first, cut to `limit`. The first article is `featured`.
 */
export function buildSectionArticles(
  section: FeedSectionKey,
  feeds: readonly (readonly FeedItem[])[],
  limit: number,
): Article[] {
  let articles: Article[];
  if (feeds.length === 1) {
    articles = (feeds[0] ?? []).slice(0, limit).map((item) => itemToArticle(item, section));
  } else {
    const perFeed = firstPageTake(feeds.length, limit);
    const merged = feeds.flatMap((items, feedIndex) =>
      items
        .slice(0, perFeed)
        .map((item) => ({ article: itemToArticle(item, section, feedIndex), feedIndex })),
    );
    merged.sort((a, b) => newestFirst(a.article, b.article));
    // Two feeds of one section can carry the same story (same link, else same guid and title):
    // it appears once. Two publishers' different stories that happen to share a guid both
    // appear, the later with an id qualified by its feed, so ids stay unique (ids are per feed).
    const stories = new Set<string>();
    const ids = new Set<string>();
    articles = [];
    for (const { article, feedIndex } of merged) {
      const story = article.link ?? `${article.id}\u0000${article.title}`;
      if (stories.has(story)) continue;
      stories.add(story);
      if (ids.has(article.id)) article.id = `${section}-${feedIndex}-${article.id}`;
      ids.add(article.id);
      articles.push(article);
      if (articles.length === limit) break;
    }
  }
  const first = articles[0];
  if (first) first.featured = true;
  return articles;
}
