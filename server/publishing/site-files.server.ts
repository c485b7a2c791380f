import type { PostSummary } from "#domain/posts.ts";
import { SECTIONS, type SectionKey } from "#domain/sections.ts";
import type { Services } from "#server/http/services.server.ts";
import { buildLlmsTxt } from "./llms.server.ts";
import {
  type Post,
  type PostCollection,
  postLibrary,
  publishedPosts,
  toPostSummary,
} from "./posts.server.ts";
import { buildRobots } from "./robots.server.ts";
import { buildRss, RSS_PATH, type RssFeed } from "./rss.server.ts";
import { buildNewsSitemap, buildSitemap, type SitemapPage, sitemapPages } from "./sitemaps.server.ts";

/**
 * The generated files, from the posts and the store, for the resource routes and the two tools.
 * Everything is built per request from cached inputs: it takes well under a millisecond.
 */

/** This server's start: the lastmod of pages that only change with a deploy. */
export const DEPLOYED_AT = new Date();

export function currentPosts(now: Date = new Date()): Post[] {
  return publishedPosts(postLibrary().current(), now);
}

export function rssFeed(siteUrl: string, now: Date = new Date(), collection?: PostCollection): RssFeed {
  return buildRss(publishedPosts(collection ?? postLibrary().current(), now), siteUrl, DEPLOYED_AT);
}

/**
 * Each section's newest stored article, for lastmod. A store that cannot be read throws
 * (StoreUnavailableError): a sitemap without its dates would be served as a changed document.
 */
async function newestBySection(feeds: Services["feeds"]): Promise<Partial<Record<SectionKey, string>>> {
  const entries = await Promise.all(
    SECTIONS.map(async (s) => [s.key, await feeds.newestPublishedAt(s.key)] as const),
  );
  return Object.fromEntries(entries.filter(([, d]) => d !== undefined));
}

export async function allSitemapPages(
  services: Pick<Services, "config" | "feeds">,
  now: Date = new Date(),
): Promise<SitemapPage[]> {
  return sitemapPages({
    siteUrl: services.config.SITE_URL,
    posts: currentPosts(now),
    newest: await newestBySection(services.feeds),
    deployedAt: DEPLOYED_AT,
    now,
  });
}

export async function sitemapXml(services: Pick<Services, "config" | "feeds">, now = new Date()) {
  return buildSitemap(await allSitemapPages(services, now));
}

export async function newsSitemapXml(services: Pick<Services, "config" | "feeds">, now = new Date()) {
  return buildNewsSitemap(await allSitemapPages(services, now));
}

export function robotsTxt(siteUrl: string): string {
  return buildRobots(siteUrl);
}

export function llmsTxt(siteUrl: string, now: Date = new Date()): string {
  return buildLlmsTxt(siteUrl, currentPosts(now));
}

/** What /rss-manager shows: the feed, its newest five posts and any post file left out. */
export type RssManagerData = {
  feedUrl: string;
  xml: string;
  items: number;
  lastBuildDate: string;
  recent: PostSummary[];
  problems: string[];
};

export function rssManagerData(
  siteUrl: string,
  collection: PostCollection,
  now = new Date(),
): RssManagerData {
  const feed = rssFeed(siteUrl, now, collection);
  return {
    feedUrl: `${siteUrl}${RSS_PATH}`,
    xml: feed.xml,
    items: feed.items,
    lastBuildDate: feed.lastBuildDate.toISOString(),
    recent: publishedPosts(collection, now).slice(0, 5).map(toPostSummary),
    problems: collection.problems.map((p) => p.message),
  };
}
