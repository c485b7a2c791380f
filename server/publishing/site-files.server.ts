import type { PostSummary } from "#domain/posts.ts";
import type { PublicationAddress } from "#domain/publication.ts";
import { SECTIONS, type SectionKey } from "#domain/sections.ts";
import type { NewsReader } from "#server/news/reader.server.ts";
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

/** A publication as its files are built: its address, its identity and its blog folder. */
export type PublishingSite = PublicationAddress & { publication?: { blogDir?: string } };

/** The publication's post library (its blog/, else the bundled posts). */
export function libraryOf(site?: Pick<PublishingSite, "publication">) {
  return postLibrary(site?.publication?.blogDir);
}

export function currentPosts(site?: Pick<PublishingSite, "publication">, now: Date = new Date()): Post[] {
  return publishedPosts(libraryOf(site).current(), now);
}

export function rssFeed(site: PublishingSite, now: Date = new Date(), collection?: PostCollection): RssFeed {
  return buildRss(publishedPosts(collection ?? libraryOf(site).current(), now), site, DEPLOYED_AT);
}

/**
 * Each section's newest stored article, for lastmod. A store that cannot be read throws
 * (StoreUnavailableError): a sitemap without its dates would be served as a changed document.
 */
async function newestBySection(
  feeds: Pick<NewsReader, "newestPublishedAt">,
): Promise<Partial<Record<SectionKey, string>>> {
  const entries = await Promise.all(
    SECTIONS.map(async (s) => [s.key, await feeds.newestPublishedAt(s.key)] as const),
  );
  return Object.fromEntries(entries.filter(([, d]) => d !== undefined));
}

/** The publication's site, with the reader of its own feed list (a section's lastmod is its news). */
export type SitemapSite = PublishingSite & { news: Pick<NewsReader, "newestPublishedAt"> };

export async function allSitemapPages(site: SitemapSite, now: Date = new Date()): Promise<SitemapPage[]> {
  return sitemapPages({
    siteUrl: site.siteUrl,
    posts: currentPosts(site, now),
    newest: await newestBySection(site.news),
    deployedAt: DEPLOYED_AT,
    now,
  });
}

export async function sitemapXml(site: SitemapSite, now = new Date()) {
  return buildSitemap(await allSitemapPages(site, now));
}

export async function newsSitemapXml(site: SitemapSite, now = new Date()) {
  return buildNewsSitemap(await allSitemapPages(site, now), site.identity);
}

export function robotsTxt(site: PublicationAddress): string {
  return buildRobots(site);
}

export function llmsTxt(site: PublishingSite, now: Date = new Date()): string {
  return buildLlmsTxt(site, currentPosts(site, now));
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
  site: PublishingSite,
  collection: PostCollection,
  now = new Date(),
): RssManagerData {
  const feed = rssFeed(site, now, collection);
  return {
    feedUrl: `${site.siteUrl}${RSS_PATH}`,
    xml: feed.xml,
    items: feed.items,
    lastBuildDate: feed.lastBuildDate.toISOString(),
    recent: publishedPosts(collection, now).slice(0, 5).map(toPostSummary),
    problems: collection.problems.map((p) => p.message),
  };
}
