import { describe, expect, it, vi } from "vitest";
import type { Article } from "#domain/article.ts";
import { HOME_SECTIONS } from "#domain/sections.ts";
import type { SectionArticles } from "#server/news/reader.server.ts";
import type { Post } from "#server/publishing/posts.server.ts";
import { buildEditionContent } from "./edition-content.server.ts";

function article(section: string, i: number, over: Partial<Article> = {}): Article {
  return {
    id: `${section}-${i}`,
    title: `${section} story ${i}`,
    excerpt: "",
    content: "",
    category: section,
    publisher: `${section} Times`,
    publishedAt: "2026-11-26T12:00:00Z",
    link: `https://news.example/${section}/${i}`,
    readTime: 3,
    featured: i === 0,
    section: section as Article["section"],
    ...over,
  };
}

function post(slug: string, publishedAt: string): Post {
  return {
    file: `content/blog/${slug}.md`,
    slug,
    title: `Post ${slug}`,
    description: `About ${slug}`,
    author: "Newsroom",
    category: "Charging",
    publishedAt,
    keywords: [],
    image: { path: "/images/blog/x.png", alt: "", type: "image/png", length: 1 },
    markdown: "",
    html: "",
    readTime: 1,
  };
}

type Answer = SectionArticles | Error;

function fakeReader(answers: Record<string, Answer> = {}) {
  const getSectionArticles = vi.fn(async (section: string, limit = 15): Promise<SectionArticles> => {
    const answer = answers[section];
    if (answer instanceof Error) throw answer;
    if (answer) return answer;
    return { articles: Array.from({ length: limit }, (_, i) => article(section, i)), sample: false };
  });
  return { getSectionArticles };
}

const base = {
  siteUrl: "https://ledger.example",
  now: new Date("2026-11-26T12:00:00Z"),
  timeZone: "America/New_York",
  posts: () => [],
};

describe("buildEditionContent", () => {
  it("has the home page's blocks in its order, perBlock headlines each, asked with that limit", async () => {
    const reader = fakeReader();
    const content = await buildEditionContent({ ...base, reader, perBlock: 3 });
    expect(content.blocks.map((b) => b.key)).toEqual(HOME_SECTIONS);
    expect(content.blocks[0]).toMatchObject({ key: "local", name: "Local News" });
    expect(content.blocks[3]?.name).toBe("Technology & Innovation");
    for (const block of content.blocks) expect(block.headlines).toHaveLength(3);
    expect(reader.getSectionArticles).toHaveBeenCalledWith("local", 3);
    expect(content.blocks[0]?.headlines[0]).toEqual({
      title: "local story 0",
      link: "https://news.example/local/0",
      publisher: "local Times",
    });
  });

  it("takes five headlines by default and never more than perBlock", async () => {
    const many = { articles: Array.from({ length: 9 }, (_, i) => article("world", i)), sample: false };
    const reader = fakeReader({ world: many });
    const content = await buildEditionContent({ ...base, reader });
    expect(reader.getSectionArticles).toHaveBeenCalledWith("local", 5);
    expect(content.blocks.find((b) => b.key === "world")?.headlines).toHaveLength(5);
    expect(content.blocks.find((b) => b.key === "local")?.headlines).toHaveLength(5);
  });

  it("leaves out a block of sample headlines and one that throws, with a warning each, keeping the order", async () => {
    const warn = vi.fn();
    const reader = fakeReader({
      national: { articles: [article("national", 0)], sample: true },
      technology: new Error("store down"),
    });
    const content = await buildEditionContent({ ...base, reader, log: { warn } });
    expect(content.blocks.map((b) => b.key)).toEqual(["local", "world", "business", "politics"]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith({ section: "national" }, expect.stringContaining("sample"));
    expect(warn).toHaveBeenCalledWith(
      { section: "technology", err: "Error: store down" },
      expect.stringContaining("did not load"),
    );
  });

  it("leaves out an empty block", async () => {
    const reader = fakeReader({ world: { articles: [], sample: false } });
    const content = await buildEditionContent({ ...base, reader });
    expect(content.blocks.map((b) => b.key)).not.toContain("world");
  });

  it("keeps only http(s) links", async () => {
    const reader = fakeReader({
      local: {
        articles: [
          article("local", 0, { link: "javascript:alert(1)" }),
          article("local", 1, { link: undefined }),
          article("local", 2, { link: "http://plain.example/a" }),
          article("local", 3, { link: "mailto:x@example.com" }),
          article("local", 4, { link: "not a url" }),
        ],
        sample: false,
      },
    });
    const content = await buildEditionContent({ ...base, reader });
    const headlines = content.blocks[0]?.headlines ?? [];
    expect(headlines.map((h) => h.link)).toEqual([
      undefined,
      undefined,
      "http://plain.example/a",
      undefined,
      undefined,
    ]);
    expect(headlines[0]).not.toHaveProperty("link");
    expect(headlines[0]).toEqual({ title: "local story 0", publisher: "local Times" });
  });

  it("adds the newest published post with an absolute address", async () => {
    const posts = () => [post("newest", "2026-11-25T09:00:00Z"), post("older", "2026-11-20T09:00:00Z")];
    const content = await buildEditionContent({
      ...base,
      siteUrl: "https://ledger.example/",
      reader: fakeReader(),
      posts,
    });
    expect(content.post).toEqual({
      title: "Post newest",
      url: "https://ledger.example/blog/newest",
      description: "About newest",
    });
  });

  it("has no post when none is published", async () => {
    const content = await buildEditionContent({ ...base, reader: fakeReader() });
    expect(content).not.toHaveProperty("post");
  });

  it("dates the edition in the site's zone, not UTC's", async () => {
    // 03:30 UTC on the 27th is still the 26th in New York.
    const lateEvening = await buildEditionContent({
      ...base,
      reader: fakeReader(),
      now: new Date("2026-11-27T03:30:00Z"),
    });
    expect(lateEvening.day).toBe("2026-11-26");
    expect(lateEvening.dateLabel).toBe("Thursday, November 26, 2026");
    const tokyo = await buildEditionContent({
      ...base,
      reader: fakeReader(),
      now: new Date("2026-11-26T20:00:00Z"),
      timeZone: "Asia/Tokyo",
    });
    expect(tokyo.day).toBe("2026-11-27");
    expect(tokyo.dateLabel).toBe("Friday, November 27, 2026");
  });
});
