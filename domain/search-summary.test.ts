import { describe, expect, it } from "vitest";
import { MAX_PAGE } from "./paging.ts";
import { cappedNote, pastResultsText, resultPages, searchSummary } from "./search-summary.ts";

const exact = (total: number) => ({ total, capped: false });
const capped = { total: 2000, capped: true };

describe("searchSummary", () => {
  it("says how many for what when one page holds them all", () => {
    expect(searchSummary({ query: "electric", page: 1, shown: 12, pageSize: 20, count: exact(12) })).toBe(
      '12 results for "electric"',
    );
    expect(searchSummary({ query: "tram", page: 1, shown: 1, pageSize: 20, count: exact(1) })).toBe(
      '1 result for "tram"',
    );
  });

  it("says which results a page shows, of how many, and the page of how many pages", () => {
    expect(searchSummary({ query: "electric", page: 1, shown: 20, pageSize: 20, count: exact(312) })).toBe(
      'Results 1–20 of 312 for "electric" (page 1 of 16)',
    );
    expect(searchSummary({ query: "electric", page: 16, shown: 12, pageSize: 20, count: exact(312) })).toBe(
      'Results 301–312 of 312 for "electric" (page 16 of 16)',
    );
    expect(searchSummary({ query: "ev", page: 2, shown: 20, pageSize: 20, count: exact(1234) })).toBe(
      'Results 21–40 of 1,234 for "ev" (page 2 of 62)',
    );
  });

  it("says a capped count as a floor, and the pages end at MAX_PAGE", () => {
    expect(searchSummary({ query: "the", page: 3, shown: 20, pageSize: 20, count: capped })).toBe(
      `Results 41–60 of more than 2,000 for "the" (page 3 of ${MAX_PAGE})`,
    );
    expect(cappedNote(capped)).toBe(
      "Only the newest 2,000 matches are ranked and shown. Add a word to narrow the search.",
    );
    expect(cappedNote(exact(2000))).toBeUndefined();
  });

  it("never says a page shows past the total (a repeated story shown once)", () => {
    expect(searchSummary({ query: "x", page: 2, shown: 20, pageSize: 20, count: exact(39) })).toBe(
      'Results 21–39 of 39 for "x" (page 2 of 2)',
    );
  });
});

describe("resultPages and pastResultsText", () => {
  it("counts pages up to MAX_PAGE", () => {
    expect(resultPages(exact(0), 20)).toBe(1);
    expect(resultPages(exact(40), 20)).toBe(2);
    expect(resultPages(exact(41), 20)).toBe(3);
    expect(resultPages(capped, 20)).toBe(MAX_PAGE);
  });

  it("says where the results end", () => {
    expect(pastResultsText("ev", exact(45), 20)).toBe(
      'No more results for "ev": its 45 results end on page 3.',
    );
    expect(pastResultsText("ev", exact(1), 20)).toBe(
      'No more results for "ev": its 1 result ends on page 1.',
    );
    expect(pastResultsText("ev", undefined, 20)).toBe('No more results for "ev".');
  });
});
