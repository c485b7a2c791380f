import type { FeedSectionKey } from "./sections.ts";

/**
 * One headline built from a feed item by the spec's rules (§3). Every text field is plain text:
 * markup is stripped and entities decoded on the server, so pages render them as text, never HTML.
 * Optional fields are absent (not empty strings) when the feed gave nothing usable.
 */
export type Article = {
  /** The item's guid (Atom: entry id), else `{section}-{index}` or `{section}-{feed}-{index}`. */
  id: string;
  /** Plain text; "Untitled" when the item has none. */
  title: string;
  /** The description's text, else the first 200 characters of the content + "..."; may be "". */
  excerpt: string;
  /** The content's text (content:encoded or Atom content, else the description); may be "". */
  content: string;
  /** The section's display name. */
  category: string;
  /**
   * Who published it, as plain text: the name the feed list gives the feed, else the feed's
   * channel title, else its host. Never empty: every headline names its publisher.
   */
  publisher: string;
  /** The publisher's own categories for the item (plain text, at most 8); absent when it gave none. */
  categories?: string[];
  /** ISO 8601 (UTC). The current time when the item had no usable date. */
  publishedAt: string;
  /** Absolute http(s) URL of the item's image. */
  imageUrl?: string;
  /** Absolute http(s) URL of the original article; absent when the feed gave none we can open. */
  link?: string;
  author?: string;
  /** Minutes to read: words / 200, rounded, at least 1; 3 when there is no text. */
  readTime: number;
  /** True for the first article of a section's list. */
  featured: boolean;
  section: FeedSectionKey;
};

/** The reduced form some screens and the JSON API use. */
export type ArticleSummary = Pick<
  Article,
  "id" | "title" | "link" | "excerpt" | "category" | "publisher" | "publishedAt" | "imageUrl" | "readTime"
>;

/**
 * What a page's card gets: the reduced form plus the publisher's categories, for a topic label,
 * less the id, which a page never shows (the JSON API keeps it): loader data is script the reader
 * downloads and parses before the page responds.
 */
export type CardArticle = Omit<ArticleSummary, "id"> & Pick<Article, "categories">;

/** What the ticker shows of an article: its headline, section, publisher and link, nothing more. */
export type TickerItem = Pick<Article, "title" | "link" | "category" | "publisher">;

/** A React key for a card or ticker item in its list: its place and its story. */
export function listKey(item: { link?: string; title: string }, index: number): string {
  return `${index}:${item.link ?? item.title}`;
}

export function toTickerItem(article: Article): TickerItem {
  const item: TickerItem = { title: article.title, category: article.category, publisher: article.publisher };
  if (article.link !== undefined) item.link = article.link;
  return item;
}

export function toSummary(article: Article): ArticleSummary {
  const summary: ArticleSummary = {
    id: article.id,
    title: article.title,
    excerpt: article.excerpt,
    category: article.category,
    publisher: article.publisher,
    publishedAt: article.publishedAt,
    readTime: article.readTime,
  };
  // Keep absent fields absent so the JSON stays small and `"link" in x` means something.
  if (article.link !== undefined) summary.link = article.link;
  if (article.imageUrl !== undefined) summary.imageUrl = article.imageUrl;
  return summary;
}

/** A piece of search-result text; `match` marks the words that matched the query. */
export type TextSegment = { text: string; match: boolean };

export type SearchHit = {
  article: ArticleSummary;
  section: FeedSectionKey;
  /** The title with matched words marked. */
  title: TextSegment[];
  /** A short window of the excerpt around the matches. */
  excerpt: TextSegment[];
};
