import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { books, COVER_WIDTHS, coverFile, reprintAuthors, slugify } from "./books.ts";

/** A WebP's width: from its VP8X header (extended), or its lossy (VP8) or lossless (VP8L) frame. */
function webpWidth(bytes: Buffer): number {
  const chunk = bytes.subarray(12, 16).toString("latin1");
  if (chunk === "VP8 ") return bytes.readUInt16LE(26) & 0x3fff;
  if (chunk === "VP8L") return (bytes.readUInt32LE(21) & 0x3fff) + 1;
  if (chunk === "VP8X") return bytes.readUIntLE(24, 3) + 1;
  throw new Error(`unexpected WebP chunk ${chunk}`);
}

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
      expect(book.cover).toBe(`/covers/${slugify(book.title)}.webp`);
      for (const width of COVER_WIDTHS) {
        const file = publicFile(coverFile(book.cover, width));
        expect(existsSync(file), `${coverFile(book.cover, width)} is missing`).toBe(true);
        // A WebP picture (RIFF....WEBP) of that width: decoded off the main thread, unlike an SVG.
        const bytes = readFileSync(file);
        expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
        expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
        expect(webpWidth(bytes), file).toBe(width);
      }
    }
  });

  it("ships a placeholder cover", () => {
    expect(existsSync(publicFile("/covers/placeholder.svg"))).toBe(true);
  });
});
