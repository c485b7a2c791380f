import { type Article, type CardArticle, type TickerItem, toSummary, toTickerItem } from "#domain/article.ts";
import { LOAD_FAILURE, type LoadFailure } from "#domain/load-failure.ts";
import {
  FEED_SECTION_KEYS,
  type FeedSectionKey,
  HOME_SECTIONS,
  sectionDisplayName,
  sectionLabel,
} from "#domain/sections.ts";
import type { Config } from "#server/config.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { imageSrc } from "#server/http/images.server.ts";
import type { Services } from "#server/http/services.server.ts";
import type { NewsReader } from "./reader.server.ts";

/** What the news pages read: the configuration, and the reader of the page's publication. */
export type NewsServices = Pick<Services, "config"> & { feeds: NewsReader };

import { withTimeout } from "#server/http/with-timeout.ts";
import { StoreUnavailableError, UnknownSectionError } from "#server/ingest/errors.ts";
import { logger } from "#server/logger.server.ts";
import type { EngineLogger, SectionArticles } from "./engine.server.ts";

/** The home page's blocks, in the spec's order (the section table's `home`). */
export { HOME_SECTIONS };
export const HOME_PER_SECTION = 5;
export const SECTION_PAGE_LIMIT = 15;
export const TICKER_LIMIT = 12;

/** `sample`: the block shows sample headlines (SAMPLE_FALLBACK, no feed ever reached). */
export type HomeBlock = { key: FeedSectionKey; name: string; articles: CardArticle[]; sample: boolean };
// The ticker gets only what it shows: its dozen items are page data sent inline with the HTML.
export type HomeData = { blocks: HomeBlock[]; ticker: TickerItem[]; sample: boolean };
/** A section page: page 1 is the spec's list, later pages the section's archive, newest first. */
export type SectionData = { articles: CardArticle[]; sample: boolean; page: number; older: boolean };

/** Publishers' catch-all categories: as a topic they tell a reader nothing. */
const NO_TOPIC = new Set(["uncategorized", "uncategorised", "general"]);

/**
 * The publisher's first category that says something beside the section's name: not a catch-all,
 * and not the section itself ("Technology" on a Technology & Innovation card).
 */
function cardTopic(article: Pick<Article, "categories" | "category" | "section">): string | undefined {
  const key = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
  const section = new Set(
    [article.category, sectionDisplayName(article.section), sectionLabel(article.section)].map(key),
  );
  return article.categories?.find((c) => !NO_TOPIC.has(key(c)) && !section.has(key(c)));
}

/**
 * What a page gets of an article: the reduced form, with the image served from our origin, and the
 * publisher's first telling category, which the card shows as a topic beside the section's name.
 */
export function toCard(
  article: Article,
  config: Pick<Config, "SITE_URL" | "IMAGE_PROXY_ALLOW_PRIVATE">,
): CardArticle {
  const { id: _id, ...card }: CardArticle & { id?: string } = toSummary(article);
  const src = imageSrc(article.imageUrl, config.SITE_URL, {
    allowPrivate: config.IMAGE_PROXY_ALLOW_PRIVATE === "on",
  });
  if (src) card.imageUrl = src;
  else delete card.imageUrl;
  const topic = cardTopic(article);
  if (topic) card.categories = [topic];
  return card;
}

/**
 * Leaves the image address only on the first card (or on none): the pages show no other, and every
 * address is loader data the browser downloads and parses before the page is interactive.
 */
function onlyFirstImage(cards: CardArticle[], keepFirst: boolean): CardArticle[] {
  return cards.map((card, i) => {
    if ((keepFirst && i === 0) || card.imageUrl === undefined) return card;
    const { imageUrl: _, ...rest } = card;
    return rest;
  });
}

/** Told when a page's data has to wait for a cold section's first fetch (the page streams then). */
export type ColdWait = { onColdWait?: () => void };

/**
 * A section's articles for a page. The spec's catalogue: 'No RSS feed configured for section:
 * {key}' is an error of the section fetch, and such an error is logged and gives an empty list,
 * so the page shows its empty state instead of failing. A store that cannot be read is an error.
 */
async function sectionArticles(
  { feeds }: NewsServices,
  key: FeedSectionKey,
  limit: number,
  log: Pick<EngineLogger, "warn">,
  cold: ColdWait = {},
): Promise<SectionArticles & { noFeed?: true }> {
  try {
    return await feeds.getSectionArticles(key, limit, cold);
  } catch (error) {
    if (!(error instanceof UnknownSectionError)) throw error;
    log.warn({ section: key }, error.message);
    return { articles: [], sample: false, noFeed: true };
  }
}

/**
 * Home: 5 articles for each of the six sections, loaded in parallel. Each block stands alone: a
 * section still cold when the deadline passes (one hanging publisher) is left out like an empty
 * one, and the others render. Only when no section with a feed answered does the page fail. A
 * store that cannot be read fails the page (a home without some blocks is not a page to keep).
 */
export async function loadHome(
  services: NewsServices,
  {
    deadlineMs = COLD_LOAD_DEADLINE_MS,
    log = logger,
    onColdWait,
  }: { deadlineMs?: number; log?: Pick<EngineLogger, "warn"> } & ColdWait = {},
): Promise<HomeData> {
  const { feeds, config } = services;
  const [sections, latest] = await Promise.all([
    Promise.all(
      HOME_SECTIONS.map((key) => {
        // Only a section that waited for its publishers may be left out: a store that is merely
        // slow is a store failure (the page's 503), never a home silently short of blocks.
        let waitedCold = false;
        const cold = () => {
          waitedCold = true;
          onColdWait?.();
        };
        return withDeadline(
          sectionArticles(services, key, HOME_PER_SECTION, log, { onColdWait: cold }),
          deadlineMs,
        ).catch((error: unknown) => {
          if (error instanceof StoreUnavailableError) throw error;
          if (error instanceof LoadTimeoutError && !waitedCold)
            throw new StoreUnavailableError(`section articles (${key}): no answer in time`, { cause: error });
          log.warn({ section: key, err: String(error) }, "home block left out: its section did not load");
          return null;
        });
      }),
    ),
    // The ticker waits no longer than the blocks: on a fresh store it may wait for the feeds' first
    // tries (samples or not), and then it is left empty rather than holding the page.
    withDeadline(feeds.latestArticles(TICKER_LIMIT), deadlineMs).catch((error: unknown) => {
      if (!(error instanceof LoadTimeoutError)) throw error;
      log.warn({ err: error.message }, "home ticker left empty: the latest articles did not load in time");
      return { articles: [], sample: false };
    }),
  ]);
  // Sections without a feed never load; if every one that has feeds timed out, nothing could.
  if (sections.some((s) => s === null) && sections.every((s) => s === null || s.noFeed))
    throw new LoadTimeoutError("No home section could be loaded");
  const blocks = HOME_SECTIONS.map((key, i) => ({
    key,
    name: sectionDisplayName(key),
    articles: (sections[i]?.articles ?? []).map((a) => toCard(a, config)),
    sample: sections[i]?.sample ?? false,
  }))
    .filter((b) => b.articles.length > 0)
    // Only the first block's lead shows its picture (NewsBlock), so only it carries one.
    .map((b, i) => ({ ...b, articles: onlyFirstImage(b.articles, i === 0) }));
  return {
    blocks,
    ticker: latest.articles.map(toTickerItem),
    sample: sections.some((s) => s?.sample && s.articles.length > 0),
  };
}

export async function loadSection(
  services: NewsServices,
  key: FeedSectionKey,
  page = 1,
  log: Pick<EngineLogger, "warn"> = logger,
  cold: ColdWait = {},
): Promise<SectionData> {
  const { feeds, config } = services;
  try {
    if (page > 1) {
      const archive = await feeds.getSectionArchive(key, page, SECTION_PAGE_LIMIT);
      return {
        // Older pages show no pictures.
        articles: onlyFirstImage(
          archive.articles.map((a) => toCard(a, config)),
          false,
        ),
        sample: false,
        page,
        older: archive.more,
      };
    }
    const [{ articles, sample }, older] = await Promise.all([
      sectionArticles(services, key, SECTION_PAGE_LIMIT, log, cold),
      feeds.hasOlder(key, SECTION_PAGE_LIMIT),
    ]);
    return {
      // The section page shows the first card's picture, no other.
      articles: onlyFirstImage(
        articles.map((a) => toCard(a, config)),
        true,
      ),
      sample: sample && articles.length > 0,
      page: 1,
      older: older && !sample,
    };
  } catch (error) {
    // No feed for this section: its pages are the empty state (logged by sectionArticles on page 1).
    if (!(error instanceof UnknownSectionError)) throw error;
    if (page > 1) log.warn({ section: key }, error.message);
    return { articles: [], sample: false, page, older: false };
  }
}

/** The sections whose pages can only ever be empty, because the feed list names no feed for them. */
export function sectionsWithoutFeeds(configured: readonly string[]): FeedSectionKey[] {
  const have = new Set(configured);
  return FEED_SECTION_KEYS.filter((key) => !have.has(key));
}

/** Said once at start, so a trimmed FEEDS_CONFIG is noticed before readers find empty pages. */
export function warnSectionsWithoutFeeds(
  configured: readonly string[],
  log: Pick<EngineLogger, "warn"> = logger,
) {
  const missing = sectionsWithoutFeeds(configured);
  if (missing.length === 0) return;
  log.warn(
    { sections: missing },
    `No RSS feed configured for section${missing.length > 1 ? "s" : ""}: ${missing.join(", ")} (their pages show no articles)`,
  );
}

/**
 * How long a page waits for a cold section's first fetch. It must stay under entry.server's
 * streamTimeout: a stream cut off mid-way would leave the reader with skeletons for good, where
 * this gives the page's error state and its 'Try again' (the fetch carries on meanwhile).
 */
export const COLD_LOAD_DEADLINE_MS = 8000;

export class LoadTimeoutError extends Error {}

export function withDeadline<T>(promise: Promise<T>, ms = COLD_LOAD_DEADLINE_MS): Promise<T> {
  return withTimeout(promise, ms, () => new LoadTimeoutError("The publishers did not answer in time"));
}

/**
 * A page load that fails resolves to LOAD_FAILURE (see domain/load-failure.ts) after the failure
 * is logged: late publishers as a warning, anything else as an error with its stack.
 */
export function failureAsValue<T>(
  promise: Promise<T>,
  log: Pick<EngineLogger, "warn" | "error"> = logger,
): Promise<T | LoadFailure> {
  return promise.catch((error: unknown) => {
    if (error instanceof LoadTimeoutError) log.warn({ err: error.message }, "page data did not load in time");
    // The engine logged the store's error where it happened.
    else if (error instanceof StoreUnavailableError)
      log.warn({ err: error.message }, "page data failed to load");
    else log.error({ err: error }, "page data failed to load");
    return LOAD_FAILURE;
  });
}

export type Briefly<T> = { done: true; value: T } | { done: false; promise: Promise<T> };

/**
 * A page's data, awaited, unless it has to wait for publishers (a cold section's first fetch):
 * then the caller streams the skeletons first and the articles when they come. Awaited, the
 * outcome is known before the status goes out, so a failure can be a 503 that nobody caches.
 */
export function awaitUnlessCold<T>(load: (cold: Required<ColdWait>) => Promise<T>): Promise<Briefly<T>> {
  let onColdWait: () => void = () => {};
  const cold = new Promise<void>((resolve) => {
    onColdWait = resolve;
  });
  const promise = load({ onColdWait });
  return Promise.race([
    promise.then((value) => ({ done: true, value }) as const),
    cold.then(() => ({ done: false, promise }) as const),
  ]);
}

/**
 * What a streamed page (a cold section's) and a page past the end answer with: kept by no cache. A
 * streamed page's outcome is unknown when its headers go out (it may yet fail), and nothing is past
 * the end that a cache should hold.
 */
export const NO_STORE_INIT = { headers: { "Cache-Control": CACHE.none } } as const;

/** What a page that could not load its articles answers: 503, kept by no cache. */
export const LOAD_FAILURE_INIT = {
  status: 503,
  headers: { "Cache-Control": CACHE.none, "Retry-After": "30" },
} as const;
