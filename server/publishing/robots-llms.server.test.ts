import { describe, expect, it } from "vitest";
import { site } from "#content/site.ts";
import { SECTIONS } from "#domain/sections.ts";
import { bundledIdentity } from "#server/publications/bundled.server.ts";
import { buildLlmsTxt } from "./llms.server.ts";
import { buildRobots } from "./robots.server.ts";
import { makePost } from "./testing/posts.ts";

const SITE = { siteUrl: "https://news.example", identity: bundledIdentity };

describe("buildRobots", () => {
  const text = buildRobots(SITE);
  const lines = text.split("\n");

  it("allows every crawler everywhere and names both sitemaps by absolute URL", () => {
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain(`Sitemap: ${SITE.siteUrl}/sitemap.xml`);
    expect(lines).toContain(`Sitemap: ${SITE.siteUrl}/news-sitemap.xml`);
  });

  it("disallows only /api/, and never a page", () => {
    const disallowed = lines.filter((l) => l.startsWith("Disallow:"));
    expect(disallowed).toEqual(["Disallow: /api/"]);
  });
});

describe("buildLlmsTxt", () => {
  const posts = [makePost(0, { title: "Plugs [explained]" }), makePost(1)];
  const text = buildLlmsTxt(SITE, posts);
  const lines = text.split("\n");

  it("follows the llms.txt format: one H1, a blockquote summary next, then H2 sections", () => {
    expect(lines[0]).toBe(`# ${site.title}`);
    expect(lines.filter((l) => l.startsWith("# "))).toHaveLength(1);
    expect(lines.find((l) => l.trim() !== "" && !l.startsWith("# "))).toBe(`> ${site.description}`);
    const h2 = lines.filter((l) => l.startsWith("## "));
    expect(h2).toEqual([
      "## Our reporting",
      "## Feeds and sitemaps",
      "## Sections",
      "## Key pages",
      "## Usage and citation policy",
      "## Optional",
    ]);
  });

  it("link lists with absolute URLs: every section, the feed, key pages and the posts", () => {
    const links = [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)/gm)].map((m) => m[2]);
    for (const url of links) expect(url).toMatch(/^https:\/\/news\.example\//);
    for (const s of SECTIONS) expect(links).toContain(`${SITE.siteUrl}/${s.key}`);
    expect(links).toContain(`${SITE.siteUrl}/rss.xml`);
    expect(links).toContain(`${SITE.siteUrl}/sitemap.xml`);
    expect(links).toContain(`${SITE.siteUrl}/about`);
    expect(links).toContain(`${SITE.siteUrl}/blog/post-0`);
    // Brackets in a title cannot break the link syntax.
    expect(text).toContain(`- [Plugs explained](${SITE.siteUrl}/blog/post-0)`);
  });

  it("says how AI systems may use and cite the site", () => {
    const policy = text.slice(text.indexOf("## Usage and citation policy"), text.indexOf("## Optional"));
    expect(policy).toMatch(/Cite our own articles by title/);
    expect(policy).toMatch(/cite and link the original article/);
    expect(policy).toMatch(/Quote briefly/);
  });
});
