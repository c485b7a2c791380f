import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Island } from "#app/components/ui/Island.tsx";
import RssManager, { type RssManagerProps } from "./rss-manager.tsx";
import SitemapManager from "./sitemap-manager.tsx";

const feed: RssManagerProps = {
  feedUrl: "https://example.test/rss.xml",
  xml: '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>A & B</title></channel></rss>',
  items: 1,
  lastBuildDate: "2026-11-21T15:00:00.000Z",
  recent: [
    {
      title: "A post",
      url: "/blog/a-post",
      publishedAt: "2026-11-20T12:00:00.000Z",
      category: "Charging",
      author: "Maya Okafor",
    },
  ],
  problems: [],
};

/** The props the browser will hydrate with, read back from the container as it would. */
function propsOf(html: string): unknown {
  const attr = /data-props="([^"]*)"/.exec(html)?.[1] ?? "";
  const text = attr.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  return JSON.parse(text.replaceAll("&amp;", "&"));
}

describe("publishing islands", () => {
  it("/rss-manager's island carries its props and renders the posts as plain links", () => {
    const html = renderToStaticMarkup(
      <Island name="rss-manager" component={RssManager} props={feed} className="mt-8" />,
    );
    expect(html).toMatch(/^<div data-island="rss-manager" data-load="load"/);
    expect(propsOf(html)).toEqual(feed);
    expect(html).toContain('<a href="/blog/a-post" class="font-semibold hover:underline">A post</a>');
    expect(html).toContain("1 post in the feed (at most 50)");
    expect(html).toContain('<a href="/rss.xml" target="_blank" rel="noopener noreferrer"');
  });

  it("/sitemap-manager's island renders both cards, the news note and the file links", () => {
    const html = renderToStaticMarkup(
      <Island name="sitemap-manager" component={SitemapManager} props={{ newsNote: "Nothing today." }} />,
    );
    expect(propsOf(html)).toEqual({ newsNote: "Nothing today." });
    expect(html).toContain("Generate main sitemap");
    expect(html).toContain("Generate news sitemap");
    expect(html).toContain("Nothing today.");
    expect(html).toContain('<a href="/news-sitemap.xml" class="link whitespace-nowrap">');
  });

  it("neither island imports react-router (there is no router in the browser)", () => {
    for (const file of ["rss-manager.tsx", "sitemap-manager.tsx"]) {
      expect(readFileSync(new URL(file, import.meta.url), "utf8")).not.toMatch(/from "react-router/);
    }
  });
});
