import { describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate, isoDay, readerTimeZone } from "./dates.ts";

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

describe("dates in the reader's own time zone", () => {
  // 23:30 UTC on the 23rd: 08:30 on the 24th in Tokyo, still the 23rd in New York.
  const morningInTokyo = "2026-11-23T23:30:00Z";

  it("gives Tokyo's date where the site's zone still says yesterday", () => {
    expect(formatLongDate(morningInTokyo)).toBe("Monday, November 23, 2026");
    expect(formatLongDate(morningInTokyo, "Asia/Tokyo")).toBe("Tuesday, November 24, 2026");
    expect(formatShortDate(morningInTokyo, "Asia/Tokyo")).toBe("Nov 24, 2026");
    expect(isoDay(morningInTokyo, "Asia/Tokyo")).toBe("2026-11-24");
  });

  it("falls back to the site's zone for a zone the runtime does not know", () => {
    expect(formatShortDate(morningInTokyo, "Not/AZone")).toBe("Nov 23, 2026");
  });

  it("reads the runtime's own zone", () => {
    expect(readerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
