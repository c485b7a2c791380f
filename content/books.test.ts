import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { books, reprintAuthors, slugify } from "./books.ts";

function publicFile(path: string): string {
  return fileURLToPath(new URL(`../public${path}`, import.meta.url));
}

describe("books", () => {
  it("has exactly 45 books", () => {
    expect(books).toHaveLength(45);
  });

  it("has unique titles and covers", () => {
    expect(new Set(books.map((book) => book.title)).size).toBe(books.length);
    expect(new Set(books.map((book) => book.cover)).size).toBe(books.length);
  });

  it("includes the two public-domain reprints", () => {
    const titles = books.map((book) => book.title);
    expect(titles).toContain("The Science of Getting Rich");
    expect(titles).toContain("As a Man Thinketh");
    expect(Object.keys(reprintAuthors)).toHaveLength(2);
  });

  it("links every book to an Amazon Kindle store search for its title", () => {
    for (const book of books) {
      expect(book.link.startsWith("https://www.amazon.com/")).toBe(true);
      const url = new URL(book.link);
      expect(url.searchParams.get("k")).toBe(book.title);
      expect(url.searchParams.get("i")).toBe("digital-text");
    }
  });

  it("has a cover file under public/ for every book", () => {
    for (const book of books) {
      expect(book.cover).toBe(`/covers/${slugify(book.title)}.svg`);
      const file = publicFile(book.cover);
      expect(existsSync(file), `${book.cover} is missing`).toBe(true);
      const svg = readFileSync(file, "utf8");
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).not.toMatch(/<script|href=/i);
    }
  });

  it("ships a placeholder cover", () => {
    expect(existsSync(publicFile("/covers/placeholder.svg"))).toBe(true);
  });
});
