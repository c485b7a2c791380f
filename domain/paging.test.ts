import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageHref, pastLastPage, readPage } from "./paging.ts";

describe("paging", () => {
  it("reads ?page= as 2-9999, anything else as the first page", () => {
    const read = (qs: string) => readPage(new URLSearchParams(qs));
    expect(read("")).toBe(1);
    expect(read("page=2")).toBe(2);
    expect(read("page=9999")).toBe(9999);
    for (const odd of ["page=0", "page=1", "page=-2", "page=x", "page=2.5", "page=10000", "page=02"]) {
      expect(read(odd), odd).toBe(1);
    }
  });

  it("keeps a page past the deepest one as written, so the page can say the list ends before it", () => {
    expect(readPage(new URLSearchParams(`page=${MAX_PAGE + 1}`))).toBe(MAX_PAGE + 1);
    expect(pastLastPage(MAX_PAGE)).toBe(false);
    expect(pastLastPage(MAX_PAGE + 1)).toBe(true);
    expect(pastLastPage(9999)).toBe(true);
  });

  it("builds page addresses, the first without a page parameter", () => {
    expect(pageHref("/world", 1)).toBe("/world");
    expect(pageHref("/world", 3)).toBe("/world?page=3");
    expect(pageHref("/search", 2, { q: "solar & wind" })).toBe("/search?q=solar+%26+wind&page=2");
  });
});
