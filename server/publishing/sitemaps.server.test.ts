import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { site } from "#content/site.ts";
import { SECTIONS } from "#domain/sections.ts";
import { bundledIdentity } from "#server/publications/bundled.server.ts";
import {
  buildNewsSitemap,
  buildSitemap,
  NEWS_MAX_URLS,
  newsLanguage,
  type SitemapInput,
  sitemapPages,
} from "./sitemaps.server.ts";
import { makePost } from "./testing/posts.ts";

const SITE = "https://news.example";
const NOW = new Date("2026-11-21T20:00:00Z");
const DEPLOYED = new Date("2026-11-20T08:00:00Z");

function input(overrides: Partial<SitemapInput> = {}): SitemapInput {
  return {
    siteUrl: SITE,
    posts: [0, 1, 2, 3, 4].map((n) => makePost(n)),
    newest: { local: "2026-11-21T19:00:00.000Z", technology: "2026-11-21T17:30:00.000Z" },
    deployedAt: DEPLOYED,
    now: NOW,
    ...overrides,
  };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === "url",
});

function urlsOf(xml: string): Array<Record<string, unknown>> {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml);
  return doc.urlset.url ?? [];
}

describe("sitemapPages", () => {
  const pages = sitemapPages(input());
  const byPath = new Map(pages.map((p) => [new URL(p.url).pathname, p]));

  it("lists every public page once: home, 16 sections, blog, posts, the fixed pages and the tools", () => {
    const paths = pages.map((p) => new URL(p.url).pathname);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        ...SECTIONS.map((s) => `/${s.key}`),
        "/blog",
        "/blog/post-0",
        "/blog/post-4",
        "/partners",
        "/faq",
        "/about",
        "/contact",
        "/privacy",
        "/terms",
        "/books",
        "/radio",
        "/rss-manager",
        "/sitemap-manager",
      ]),
    );
    expect(paths).toHaveLength(1 + 16 + 1 + 5 + 10);
    expect(paths).not.toContain("/search");
  });

  it("uses the spec's priorities", () => {
    expect(byPath.get("/")?.priority).toBe(1.0);
    expect(byPath.get("/about")?.priority).toBe(0.5);
    expect(byPath.get("/contact")?.priority).toBe(0.5);
    expect(byPath.get("/privacy")?.priority).toBe(0.3);
    expect(byPath.get("/partners")?.priority).toBe(0.6);
    expect(byPath.get("/faq")?.priority).toBe(0.8);
    for (const s of SECTIONS) {
      const p = byPath.get(`/${s.key}`)?.priority ?? 0;
      expect(p, s.key).toBeGreaterThanOrEqual(0.7);
      expect(p, s.key).toBeLessThanOrEqual(0.9);
    }
    for (const p of pages) {
      expect(["hourly", "daily", "weekly", "monthly", "yearly"]).toContain(p.changefreq);
    }
  });

  it("ranks each section as the spec does: first row and automotive highest, slower desks daily", () => {
    const sections = Object.fromEntries(
      SECTIONS.map((s) => [s.key, [byPath.get(`/${s.key}`)?.priority, byPath.get(`/${s.key}`)?.changefreq]]),
    );
    expect(sections).toEqual({
      local: [0.9, "hourly"],
      national: [0.9, "hourly"],
      world: [0.9, "hourly"],
      politics: [0.8, "hourly"],
      business: [0.8, "hourly"],
      technology: [0.8, "hourly"],
      automotive: [0.9, "hourly"],
      realestate: [0.7, "daily"],
      health: [0.7, "daily"],
      sports: [0.7, "daily"],
      arts: [0.7, "daily"],
      food: [0.7, "daily"],
      lifestyle: [0.7, "daily"],
      opinion: [0.7, "daily"],
      archives: [0.7, "weekly"],
      events: [0.7, "daily"],
    });
    // In the route table's order, right after home.
    expect(pages.slice(1, 17).map((p) => new URL(p.url).pathname)).toEqual(SECTIONS.map((s) => `/${s.key}`));
  });

  it("dates home by its six blocks' sections only", () => {
    const newest = {
      sports: "2026-11-21T19:30:00.000Z",
      events: "2026-11-21T19:40:00.000Z",
      politics: "2026-11-21T18:00:00.000Z",
      national: "2026-11-21T16:00:00.000Z",
    };
    const home = sitemapPages(input({ newest })).find((p) => new URL(p.url).pathname === "/");
    expect(home?.lastmod).toBe("2026-11-21T18:00:00Z");
    const homeKeys = ["local", "national", "world", "technology", "business", "politics"];
    for (const s of SECTIONS) {
      const only = sitemapPages(input({ newest: { [s.key]: "2026-11-21T19:30:00.000Z" } }));
      expect(only[0]?.lastmod, s.key).toBe(
        homeKeys.includes(s.key) ? "2026-11-21T19:30:00Z" : "2026-11-20T08:00:00Z",
      );
    }
  });

  it("dates sections by their newest stored article, falling back to the deploy time", () => {
    expect(byPath.get("/local")?.lastmod).toBe("2026-11-21T19:00:00Z");
    expect(byPath.get("/technology")?.lastmod).toBe("2026-11-21T17:30:00Z");
    expect(byPath.get("/sports")?.lastmod).toBe("2026-11-20T08:00:00Z");
    // Home: the newest of its six blocks.
    expect(byPath.get("/")?.lastmod).toBe("2026-11-21T19:00:00Z");
    expect(byPath.get("/blog")?.lastmod).toBe("2026-11-21T14:00:00Z");
    expect(byPath.get("/about")?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("never dates a page in the future", () => {
    const future = sitemapPages(input({ newest: { world: "2027-01-01T00:00:00.000Z" } }));
    expect(future.find((p) => p.url.endsWith("/world"))?.lastmod).toBe("2026-11-21T20:00:00Z");
  });

  it("marks posts from the last two days as news, with their news data", () => {
    const news = pages.filter((p) => p.isNews).map((p) => new URL(p.url).pathname);
    // post-0 is 6 hours old, post-1 30 hours, post-2 54 hours.
    expect(news).toEqual(["/blog/post-0", "/blog/post-1"]);
    expect(byPath.get("/blog/post-0")?.newsData).toEqual({
      title: "Post number 0",
      publication_date: "2026-11-21T14:00:00Z",
      keywords: "EV charging, topic 01",
    });
  });
});

describe("buildSitemap", () => {
  it("is well-formed sitemaps.org XML with absolute URLs, lastmod, changefreq and priority", () => {
    const xml = buildSitemap(sitemapPages(input()));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = urlsOf(xml);
    expect(urls).toHaveLength(33);
    for (const u of urls) {
      expect(String(u.loc)).toMatch(/^https:\/\/news\.example\//);
      expect(String(u.lastmod)).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/);
      expect(u.changefreq).toBeTruthy();
      expect(String(u.priority)).toMatch(/^[01]\.\d$/);
    }
    expect(xml).toContain("<loc>https://news.example/</loc>");
    expect(xml).toContain("<priority>1.0</priority>");
  });

  it("escapes what it writes", () => {
    const xml = buildSitemap([
      {
        url: "https://x.example/a?b=1&c=<2>",
        lastmod: "2026-01-01",
        changefreq: "daily",
        priority: 0.5,
        isNews: false,
      },
    ]);
    expect(xml).toContain("<loc>https://x.example/a?b=1&amp;c=&lt;2&gt;</loc>");
    expect(XMLValidator.validate(xml)).toBe(true);
  });
});

describe("buildNewsSitemap", () => {
  it("Google News format with both namespaces, publication name and language, date, title, keywords", () => {
    const xml = buildNewsSitemap(sitemapPages(input()), bundledIdentity);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
    );
    const urls = urlsOf(xml);
    expect(urls.map((u) => u.loc)).toEqual([`${SITE}/blog/post-0`, `${SITE}/blog/post-1`]);
    expect(urls[0]?.["news:news"]).toEqual({
      "news:publication": { "news:name": site.title, "news:language": "en" },
      "news:publication_date": "2026-11-21T14:00:00Z",
      "news:title": "Post number 0",
      "news:keywords": "EV charging, topic 01",
    });
  });

  it("drops a post older than two days, and one not yet published", () => {
    const posts = [
      makePost(0, { publishedAt: "2026-11-19T20:00:00.000Z" }), // exactly 48 hours: still in
      makePost(1, { publishedAt: "2026-11-19T19:59:59.000Z" }), // just over: out
      makePost(2, { publishedAt: "2026-11-21T21:00:00.000Z" }), // in the future: out
    ];
    const urls = urlsOf(buildNewsSitemap(sitemapPages(input({ posts })), bundledIdentity));
    expect(urls.map((u) => u.loc)).toEqual([`${SITE}/blog/post-0`]);
  });

  it("is a valid, empty urlset when there is no recent post", () => {
    const later = new Date("2026-12-31T00:00:00Z");
    const xml = buildNewsSitemap(sitemapPages(input({ now: later })), bundledIdentity);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toMatch(/<urlset [^>]+>\n<\/urlset>\n$/);
    expect(urlsOf(xml)).toEqual([]);
  });

  it("lists at most 1,000 articles, the newest", () => {
    const posts = Array.from({ length: 1100 }, (_, i) =>
      makePost(i, { publishedAt: new Date(NOW.getTime() - (i + 1) * 60_000).toISOString() }),
    );
    const urls = urlsOf(buildNewsSitemap(sitemapPages(input({ posts })), bundledIdentity));
    expect(urls).toHaveLength(NEWS_MAX_URLS);
    expect(urls[0]?.loc).toBe(`${SITE}/blog/post-0`);
  });
});

describe("newsLanguage", () => {
  it("ISO 639 codes, except Chinese with its script", () => {
    expect(newsLanguage("en-US")).toBe("en");
    expect(newsLanguage("zh-TW")).toBe("zh-tw");
  });
});
