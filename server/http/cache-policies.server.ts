// Every Cache-Control this site sends, by name, so a page's freshness is chosen, not retyped.
// Browsers and shared caches read these; the server's own page cache keeps pages by its own rules
// (page-cache.server.ts) and marks stale copies with `none`.
export const CACHE = {
  /** Nobody keeps a copy: failures, health, tools' answers, anything about one reader. */
  none: "no-store",
  /** A reader's own form result: not even their browser keeps it. */
  private: "private, no-store",
  /** Headlines and what lists them (home, sections, the articles API, the publishing tools). */
  fresh: "public, max-age=60, stale-while-revalidate=300",
  /** A page that carries a live state (the radio station's, checked every 30 s). */
  live: "public, max-age=30, stale-while-revalidate=60",
  /** Pages that change with a deployment or a new post (about, FAQ, books, the blog). */
  stable: "public, max-age=300, stale-while-revalidate=3600",
  /** Our RSS feed: feed readers poll it, so ten minutes. */
  rss: "public, max-age=600, stale-while-revalidate=3600",
  /** Sitemaps: crawlers come back for them far less often than readers. */
  sitemaps: "public, max-age=900, stale-while-revalidate=3600",
  /** robots.txt and llms.txt. */
  textFiles: "public, max-age=3600",
  /** A relayed image: a publisher's picture rarely changes under its URL. */
  image: "public, max-age=86400, stale-while-revalidate=604800",
  /** An image that could not be relayed: try again in a few minutes, not a day. */
  imageUnavailable: "public, max-age=300",
} as const;

export type CachePolicy = (typeof CACHE)[keyof typeof CACHE];
