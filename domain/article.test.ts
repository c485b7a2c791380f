import { describe, expect, it } from "vitest";
import { type Article, listKey, toSummary, toTickerItem } from "./article.ts";

const article: Article = {
  id: "a-1",
  title: "Title",
  excerpt: "Excerpt",
  content: "Content",
  category: "Local News",
  publisher: "Riverton Gazette",
  publishedAt: "2024-05-01T00:00:00.000Z",
  imageUrl: "https://img.example/a.jpg",
  link: "https://news.example/a",
  author: "Jane",
  readTime: 2,
  featured: true,
  section: "local",
};

describe("toSummary", () => {
  it("keeps exactly the spec's reduced form", () => {
    expect(toSummary(article)).toEqual({
      id: "a-1",
      title: "Title",
      link: "https://news.example/a",
      excerpt: "Excerpt",
      category: "Local News",
      publisher: "Riverton Gazette",
      publishedAt: "2024-05-01T00:00:00.000Z",
      imageUrl: "https://img.example/a.jpg",
      readTime: 2,
    });
  });

  it("leaves absent link and image absent", () => {
    const { link: _l, imageUrl: _i, ...bare } = article;
    const summary = toSummary(bare);
    expect("link" in summary).toBe(false);
    expect("imageUrl" in summary).toBe(false);
  });
});

describe("toTickerItem", () => {
  it("keeps only what the ticker shows: headline, section, publisher and link", () => {
    expect(toTickerItem(article)).toEqual({
      title: "Title",
      category: "Local News",
      publisher: "Riverton Gazette",
      link: "https://news.example/a",
    });
    const { link: _, ...unlinked } = article;
    expect(toTickerItem(unlinked)).toEqual({
      title: "Title",
      category: "Local News",
      publisher: "Riverton Gazette",
    });
  });
});

describe("listKey", () => {
  it("keys an item by its place and its link, else its title", () => {
    expect(listKey({ title: "T", link: "https://a.example/1" }, 0)).toBe("0:https://a.example/1");
    expect(listKey({ title: "T" }, 2)).toBe("2:T");
  });
});
