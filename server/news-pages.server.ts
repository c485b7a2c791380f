import { type Article, type ArticleSummary, toSummary } from "../app/lib/article.ts";
import { type FeedSectionKey, sectionDisplayName } from "../app/lib/sections.ts";
import { imageSrc } from "./images.server.ts";
import type { Services } from "./services.server.ts";

/** The home page's blocks, in the spec's order. */
export const HOME_SECTIONS = ["local", "national", "world", "technology", "business", "politics"] as const;
export const HOME_PER_SECTION = 5;
export const SECTION_PAGE_LIMIT = 15;
export const TICKER_LIMIT = 12;

export type HomeBlock = { key: FeedSectionKey; name: string; articles: ArticleSummary[] };
export type HomeData = { blocks: HomeBlock[]; ticker: ArticleSummary[]; sample: boolean };
/** A section page: page 1 is the spec's list, later pages the section's archive, newest first. */
export type SectionData = { articles: ArticleSummary[]; sample: boolean; page: number; older: boolean };

/** What a page gets of an article: the reduced form, with the image served from our origin. */
export function toCard(article: Article, siteUrl: string): ArticleSummary {
  const card = toSummary(article);
  const src = imageSrc(article.imageUrl, siteUrl);
  if (src) card.imageUrl = src;
  else delete card.imageUrl;
  return card;
}

/** Home: 5 articles for each of the six sections, loaded in parallel; empty blocks left out. */
export async function loadHome({ feeds, config }: Services): Promise<HomeData> {
  const [sections, latest] = await Promise.all([
    Promise.all(HOME_SECTIONS.map((key) => feeds.getSectionArticles(key, HOME_PER_SECTION))),
    feeds.latestArticles(TICKER_LIMIT),
  ]);
  const blocks = HOME_SECTIONS.map((key, i) => ({
    key,
    name: sectionDisplayName(key),
    articles: (sections[i]?.articles ?? []).map((a) => toCard(a, config.SITE_URL)),
  })).filter((b) => b.articles.length > 0);
  return {
    blocks,
    ticker: latest.articles.map((a) => toCard(a, config.SITE_URL)),
    sample: sections.some((s) => s.sample && s.articles.length > 0),
  };
}

export async function loadSection(
  { feeds, config }: Services,
  key: FeedSectionKey,
  page = 1,
): Promise<SectionData> {
  if (page > 1) {
    const archive = await feeds.getSectionArchive(key, page, SECTION_PAGE_LIMIT);
    return {
      articles: archive.articles.map((a) => toCard(a, config.SITE_URL)),
      sample: false,
      page,
      older: archive.more,
    };
  }
  const [{ articles, sample }, older] = await Promise.all([
    feeds.getSectionArticles(key, SECTION_PAGE_LIMIT),
    feeds.hasOlder(key, SECTION_PAGE_LIMIT),
  ]);
  return {
    articles: articles.map((a) => toCard(a, config.SITE_URL)),
    sample: sample && articles.length > 0,
    page: 1,
    older: older && !sample,
  };
}

/**
 * How long a page waits for a cold section's first fetch. It must stay under entry.server's
 * streamTimeout: a stream cut off mid-way would leave the reader with skeletons for good, where
 * this gives the page's error state and its 'Try again' (the fetch carries on meanwhile).
 */
export const COLD_LOAD_DEADLINE_MS = 8000;

export class LoadTimeoutError extends Error {}

export function withDeadline<T>(promise: Promise<T>, ms = COLD_LOAD_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LoadTimeoutError("The publishers did not answer in time")), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export type Briefly<T> = { done: true; value: T } | { done: false; promise: Promise<T> };

/**
 * Waits one turn of the event loop: a warm store answers within it, so the page renders at once;
 * otherwise the caller streams skeletons first and the articles when they come.
 * (An async function cannot return a pending promise unflattened, hence the wrapper.)
 */
export async function settleBriefly<T>(promise: Promise<T>): Promise<Briefly<T>> {
  let settled = false;
  const mark = () => {
    settled = true;
  };
  promise.then(mark, mark);
  await new Promise((resolve) => setImmediate(resolve));
  return settled ? { done: true, value: await promise } : { done: false, promise };
}
