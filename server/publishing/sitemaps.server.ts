import { aboutPage, privacyPage, termsPage } from "#content/pages.ts";
import { postPath } from "#domain/posts.ts";
import type { PublicationIdentity } from "#domain/publication.ts";
import { type ChangeFrequency, HOME_SECTIONS, SECTIONS, type SectionKey } from "#domain/sections.ts";
import { bundledIdentity } from "#server/publications/bundled.server.ts";
import { type Post, postModifiedAt } from "./posts.server.ts";
import { escapeXml, w3cDateTime } from "./xml.server.ts";

export type { ChangeFrequency };

/** The spec's Sitemap page entity (§3). */
export type SitemapPage = {
  /** Absolute URL. */
  url: string;
  /** W3C date or date-time. */
  lastmod: string;
  changefreq: ChangeFrequency;
  /** 0.0–1.0 */
  priority: number;
  isNews: boolean;
  newsData?: { title: string; publication_date: string; keywords: string };
};

/** Google News lists articles from the last two days, at most 1,000 per sitemap. */
export const NEWS_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
export const NEWS_MAX_URLS = 1000;

type FixedPage = { path: string; priority: number; changefreq: ChangeFrequency; updated?: string };

/**
 * Pages whose text ships with the site. Those with a revision date in content/pages.ts use it; the
 * rest can only change with a deploy, so their lastmod is when this server started (`deployedAt`).
 * /search is left out: a results page has no content of its own, only copies of headlines.
 */
export const FIXED_PAGES: FixedPage[] = [
  { path: "/faq", priority: 0.8, changefreq: "monthly" },
  { path: "/partners", priority: 0.6, changefreq: "monthly" },
  { path: "/about", priority: 0.5, changefreq: "monthly", updated: aboutPage(bundledIdentity).updated },
  { path: "/contact", priority: 0.5, changefreq: "yearly" },
  { path: "/radio", priority: 0.5, changefreq: "weekly" },
  { path: "/books", priority: 0.4, changefreq: "monthly" },
  { path: "/privacy", priority: 0.3, changefreq: "yearly", updated: privacyPage(bundledIdentity).updated },
  { path: "/terms", priority: 0.3, changefreq: "yearly", updated: termsPage(bundledIdentity).updated },
  // The two tools are public pages, useful to people but not to searchers: lowest.
  { path: "/rss-manager", priority: 0.3, changefreq: "monthly" },
  { path: "/sitemap-manager", priority: 0.3, changefreq: "monthly" },
];

export type SitemapInput = {
  siteUrl: string;
  /** Published posts (the caller leaves scheduled ones out). */
  posts: readonly Post[];
  /** Each section's newest stored article (ISO), from the feed store; missing when none. */
  newest: Partial<Record<SectionKey, string>>;
  /** When this server started: the fallback lastmod. */
  deployedAt: Date;
  now: Date;
};

function newestOf(dates: Array<string | undefined>): string | undefined {
  return dates
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
}

/** A stored date as lastmod; never later than now (a publisher's clock may run ahead). */
function lastmod(iso: string | undefined, fallback: Date, now: Date): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return w3cDateTime(fallback);
  return w3cDateTime(new Date(Math.min(time, now.getTime())));
}

export function isNewsPost(post: Post, now: Date): boolean {
  const age = now.getTime() - Date.parse(post.publishedAt);
  return age >= 0 && age <= NEWS_WINDOW_MS;
}

function postPage(post: Post, siteUrl: string, now: Date): SitemapPage {
  const page: SitemapPage = {
    url: `${siteUrl}${postPath(post.slug)}`,
    lastmod: lastmod(postModifiedAt(post), now, now),
    changefreq: "monthly",
    priority: 0.7,
    isNews: isNewsPost(post, now),
  };
  if (page.isNews) {
    page.newsData = {
      title: post.title,
      publication_date: w3cDateTime(new Date(post.publishedAt)),
      keywords: post.keywords.join(", "),
    };
  }
  return page;
}

/** Every public page: home, the 16 sections, the blog and each post, and the fixed pages. */
export function sitemapPages({ siteUrl, posts, newest, deployedAt, now }: SitemapInput): SitemapPage[] {
  const newestPost = newestOf(posts.map(postModifiedAt));
  const pages: SitemapPage[] = [
    {
      url: `${siteUrl}/`,
      // Home changes when one of its blocks' sections does.
      lastmod: lastmod(newestOf(HOME_SECTIONS.map((k) => newest[k])), deployedAt, now),
      changefreq: "hourly",
      priority: 1.0,
      isNews: false,
    },
    ...SECTIONS.map(
      (s): SitemapPage => ({
        url: `${siteUrl}/${s.key}`,
        lastmod: lastmod(newest[s.key], deployedAt, now),
        ...s.sitemap,
        isNews: false,
      }),
    ),
    {
      url: `${siteUrl}/blog`,
      lastmod: lastmod(newestPost, deployedAt, now),
      changefreq: "daily",
      priority: 0.8,
      isNews: false,
    },
    ...posts.map((p) => postPage(p, siteUrl, now)),
    ...FIXED_PAGES.map(
      (p): SitemapPage => ({
        url: `${siteUrl}${p.path}`,
        lastmod: p.updated ?? lastmod(p.path === "/rss-manager" ? newestPost : undefined, deployedAt, now),
        changefreq: p.changefreq,
        priority: p.priority,
        isNews: false,
      }),
    ),
  ];
  return pages;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** sitemaps.org 0.9 urlset of the pages. */
export function buildSitemap(pages: readonly SitemapPage[]): string {
  const urls = pages
    .map(
      (p) =>
        "  <url>\n" +
        `    <loc>${escapeXml(p.url)}</loc>\n` +
        `    <lastmod>${escapeXml(p.lastmod)}</lastmod>\n` +
        `    <changefreq>${p.changefreq}</changefreq>\n` +
        `    <priority>${p.priority.toFixed(1)}</priority>\n` +
        "  </url>\n",
    )
    .join("");
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
}

/** Google News language code: ISO 639 ("en"), except Chinese, which keeps its script (zh-cn, zh-tw). */
export function newsLanguage(language: string): string {
  const lower = language.toLowerCase();
  return lower.startsWith("zh-") ? lower : (lower.split("-")[0] ?? lower);
}

/**
 * Google News sitemap of our own articles from the last two days (newest first, at most 1,000).
 * With none it is still a valid, empty urlset.
 */
export function buildNewsSitemap(pages: readonly SitemapPage[], site: PublicationIdentity): string {
  const news = pages
    .filter((p) => p.isNews && p.newsData)
    .sort((a, b) => (b.newsData?.publication_date ?? "").localeCompare(a.newsData?.publication_date ?? ""))
    .slice(0, NEWS_MAX_URLS);
  const urls = news
    .map((p) => {
      const n = p.newsData as NonNullable<SitemapPage["newsData"]>;
      return (
        "  <url>\n" +
        `    <loc>${escapeXml(p.url)}</loc>\n` +
        "    <news:news>\n" +
        "      <news:publication>\n" +
        `        <news:name>${escapeXml(site.title)}</news:name>\n` +
        `        <news:language>${escapeXml(newsLanguage(site.language))}</news:language>\n` +
        "      </news:publication>\n" +
        `      <news:publication_date>${escapeXml(n.publication_date)}</news:publication_date>\n` +
        `      <news:title>${escapeXml(n.title)}</news:title>\n` +
        (n.keywords ? `      <news:keywords>${escapeXml(n.keywords)}</news:keywords>\n` : "") +
        "    </news:news>\n" +
        "  </url>\n"
      );
    })
    .join("");
  return (
    XML_HEAD +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n' +
    urls +
    "</urlset>\n"
  );
}
