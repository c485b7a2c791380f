/**
 * The resource routes end to end, as React Router calls them: a Request in, a Response out, with
 * the real posts in content/blog and a feed store that knows two sections.
 */

import { XMLValidator } from "fast-xml-parser";
import { parseRssFeed } from "feedsmith";
import { RouterContextProvider } from "react-router";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { loader as llmsLoader } from "#app/routes/files/llms[.]txt.ts";
import { loader as newsLoader } from "#app/routes/files/news-sitemap[.]xml.ts";
import { loader as robotsLoader } from "#app/routes/files/robots[.]txt.ts";
import { loader as rssLoader } from "#app/routes/files/rss[.]xml.ts";
import { loader as sitemapLoader } from "#app/routes/files/sitemap[.]xml.ts";
import { action as regenerate } from "#app/routes/publishing/rss-regenerate.ts";
import { site } from "#content/site.ts";
import { publicationContext, servicesContext } from "#server/http/request-context.server.ts";
import type { Services } from "#server/http/services.server.ts";
import { StoreUnavailableError } from "#server/ingest/errors.ts";
import type { NewsReader } from "#server/news/reader.server.ts";
import { bundledIdentity } from "#server/publications/bundled.server.ts";

const SITE = "https://ledger.example";

function context(storeDown = false) {
  const ctx = new RouterContextProvider();
  const feeds = {
    async newestPublishedAt(section: string) {
      if (storeDown) throw new StoreUnavailableError("newest article");
      return section === "local" ? "2026-11-21T10:00:00.000Z" : undefined;
    },
  };
  ctx.set(servicesContext, { config: { SITE_URL: SITE }, feeds } as unknown as Services);
  ctx.set(publicationContext, {
    publication: { slug: bundledIdentity.slug, identity: bundledIdentity, hosts: [], feeds: new Map() },
    identity: bundledIdentity,
    siteUrl: SITE,
    news: feeds as unknown as NewsReader,
  });
  return ctx;
}

type Loader = (args: never) => Response | Promise<Response>;
async function call(
  loader: Loader,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
  storeDown = false,
) {
  const request = new Request(`${SITE}${path}`, { headers, method });
  return loader({ request, context: context(storeDown), params: {}, url: new URL(request.url) } as never);
}

describe("sitemaps while the store cannot be read", () => {
  it("answer 503 with no-store, never a sitemap without its dates", async () => {
    for (const [loader, path] of [
      [sitemapLoader, "/sitemap.xml"],
      [newsLoader, "/news-sitemap.xml"],
    ] as const) {
      const res = await call(loader, path, {}, "GET", true);
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toContain("unavailable");
    }
  });
});

describe("/rss.xml", () => {
  it("serves RSS 2.0 as application/rss+xml that two parsers read back completely", async () => {
    const res = await call(rssLoader, "/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);

    const a = parseRssFeed(xml);
    expect(a.title).toBe(site.title);
    expect(a.link).toBe(`${SITE}/blog`);
    expect(a.ttl).toBe(60);
    expect(a.image).toMatchObject({ url: `${SITE}/images/rss-logo.png`, width: 144, height: 144 });
    expect(a.atom?.links?.[0]).toMatchObject({ href: `${SITE}/rss.xml`, rel: "self" });
    expect(a.items?.length).toBeGreaterThanOrEqual(5);
    expect(a.items?.length).toBeLessThanOrEqual(50);
    for (const item of a.items ?? []) {
      expect(item.link).toMatch(new RegExp(`^${SITE}/blog/[a-z0-9-]{1,60}$`));
      expect(item.guid).toEqual({ value: item.link, isPermaLink: true });
      expect(item.description).toBeTruthy();
      expect(item.content?.encoded).toMatch(/^<p>/);
      expect(item.content?.encoded).not.toMatch(/href="\//);
      expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(item.authors?.[0]?.email).toBe(site.newsroomEmail);
      expect(item.categories?.[0]?.name).toBeTruthy();
      expect(item.enclosures?.[0]).toMatchObject({ type: "image/webp" });
      expect(item.enclosures?.[0]?.length).toBeGreaterThan(1000);
    }

    const b = await new Parser().parseString(xml);
    expect(b.title).toBe(site.title);
    expect(b.items.map((i) => i.link)).toEqual(a.items?.map((i) => i.link));
    expect(b.items[0]?.enclosure?.url).toMatch(new RegExp(`^${SITE}/images/blog/.+\\.webp$`));
  });

  it("answers 304 to a repeat with its ETag or its Last-Modified", async () => {
    const first = await call(rssLoader, "/rss.xml");
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    expect(etag).toMatch(/^".+"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();

    const byEtag = await call(rssLoader, "/rss.xml", { "if-none-match": etag });
    expect(byEtag.status).toBe(304);
    expect(await byEtag.text()).toBe("");
    const byDate = await call(rssLoader, "/rss.xml", { "if-modified-since": lastModified });
    expect(byDate.status).toBe(304);
    const stale = await call(rssLoader, "/rss.xml", { "if-none-match": '"something-else"' });
    expect(stale.status).toBe(200);
  });
});

describe("the sitemaps, robots.txt and llms.txt", () => {
  it("/sitemap.xml: well-formed, absolute, dated from the store", async () => {
    const res = await call(sitemapLoader, "/sitemap.xml");
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`<loc>${SITE}/local</loc>\n    <lastmod>2026-11-21T10:00:00Z</lastmod>`);
    expect(xml).toContain(`<loc>${SITE}/blog/ccs1-to-j3400-plug-switch</loc>`);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const loc of locs) expect(loc).toMatch(new RegExp(`^${SITE}/`));
    const again = await call(sitemapLoader, "/sitemap.xml", {
      "if-none-match": res.headers.get("etag") ?? "",
    });
    expect(again.status).toBe(304);
  });

  it("/news-sitemap.xml: well-formed with the news namespace", async () => {
    const xml = await (await call(newsLoader, "/news-sitemap.xml")).text();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
  });

  it("/robots.txt and /llms.txt: plain text with absolute URLs", async () => {
    const robots = await call(robotsLoader, "/robots.txt");
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await robots.text()).toContain(`Sitemap: ${SITE}/news-sitemap.xml`);
    const llms = await (await call(llmsLoader, "/llms.txt")).text();
    expect(llms.startsWith(`# ${site.title}\n\n> `)).toBe(true);
    expect(llms).toContain(`(${SITE}/rss.xml)`);
  });
});

describe("POST /rss-manager/regenerate", () => {
  it("rebuilds from content/blog and answers with the feed and the newest five posts", async () => {
    const res = await call(regenerate as Loader, "/rss-manager/regenerate", {}, "POST");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.ok).toBe(true);
    expect(body.feedUrl).toBe(`${SITE}/rss.xml`);
    expect(body.recent).toHaveLength(5);
    expect(body.xml).toContain('<rss version="2.0"');
    expect(body.problems).toEqual([]);
  });
});
