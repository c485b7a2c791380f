import { describe, expect, it } from "vitest";
import type { Article } from "#domain/article.ts";
import { markWords, queryWords, searchSampleArticles } from "./sample-search.ts";

const article = (id: string, title: string, excerpt: string, publishedAt: string): Article => ({
  id,
  title,
  excerpt,
  content: excerpt,
  category: "Local News",
  publisher: "Riverton Gazette",
  publishedAt,
  readTime: 1,
  featured: false,
  section: "local",
});

describe("sample search", () => {
  const list = [
    article("a", "Curbside chargers approved", "Level 2 charging on lamp posts", "2026-11-20T10:00:00Z"),
    article(
      "b",
      "Bus depot upgrade",
      "The last diesel buses retire; charging gear installed",
      "2026-11-21T10:00:00Z",
    ),
    article("c", "Library lockers", "E-bike lockers open", "2026-11-21T12:00:00Z"),
  ];

  it("splits the query into words", () => {
    expect(queryWords('  "Charging" OR buses!! ')).toEqual(["charging", "or", "buses"]);
  });

  it("marks words that start with a query word", () => {
    expect(markWords("Charging chargers, recharge", ["charg"])).toEqual([
      { text: "Charging", match: true },
      { text: " ", match: false },
      { text: "chargers", match: true },
      { text: ", recharge", match: false },
    ]);
  });

  it("finds articles with every word, title matches first", () => {
    expect(searchSampleArticles(list, "charg", 10).map((h) => h.article.id)).toEqual(["a", "b"]);
    expect(searchSampleArticles(list, "charging diesel", 10).map((h) => h.article.id)).toEqual(["b"]);
    expect(searchSampleArticles(list, "nothing-here", 10)).toEqual([]);
    expect(searchSampleArticles(list, "!!!", 10)).toEqual([]);
  });
});
