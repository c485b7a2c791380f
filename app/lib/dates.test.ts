import { describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate, isoDay } from "./dates.ts";

describe("dates", () => {
  // 03:30 UTC on the 22nd is still the 21st in New York (the site's zone).
  const late = "2026-11-22T03:30:00Z";

  it("formats the long and short forms in the site's time zone", () => {
    expect(formatLongDate(late)).toBe("Saturday, November 21, 2026");
    expect(formatShortDate(late)).toBe("Nov 21, 2026");
    expect(isoDay(late)).toBe("2026-11-21");
  });

  it("gives an empty string for an invalid date instead of 'Invalid Date'", () => {
    expect(formatLongDate("nonsense")).toBe("");
    expect(formatShortDate("")).toBe("");
    expect(isoDay("x")).toBe("");
  });
});
