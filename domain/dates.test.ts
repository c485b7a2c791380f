import { describe, expect, it } from "vitest";
import * as dates from "./dates.ts";
import { LOCAL_ZONE } from "./dates.ts";

// The site's zone (content/identity.ts); domain/ takes it as a parameter.
const SITE = "America/New_York";
const formatLongDate = (v: Date | string, zone = SITE) => dates.formatLongDate(v, zone, SITE);
const formatShortDate = (v: Date | string, zone = SITE) => dates.formatShortDate(v, zone, SITE);
const formatShortDateTime = (v: Date | string, zone = SITE) => dates.formatShortDateTime(v, zone, SITE);
const isoDay = (v: Date | string, zone = SITE) => dates.isoDay(v, zone, SITE);

describe("dates", () => {
  // 03:30 UTC on the 22nd is still the 21st in New York (the site's zone).
  const late = "2026-11-22T03:30:00Z";

  it("formats the long and short forms in the site's time zone", () => {
    expect(formatLongDate(late)).toBe("Saturday, November 21, 2026");
    expect(formatShortDate(late)).toBe("Nov 21, 2026");
    expect(isoDay(late)).toBe("2026-11-21");
  });

  it("gives a moment with its time and zone, standard or daylight time", () => {
    expect(formatShortDateTime(late)).toBe("Nov 21, 2026, 10:30 PM EST");
    expect(formatShortDateTime("2026-07-04T16:05:00Z")).toBe("Jul 4, 2026, 12:05 PM EDT");
    expect(formatShortDateTime(late, "Not/AZone")).toBe("Nov 21, 2026, 10:30 PM EST");
  });

  it("gives an empty string for an invalid date instead of 'Invalid Date'", () => {
    expect(formatShortDateTime("nonsense")).toBe("");
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

  it("reads the runtime's own zone from the Date's local fields", () => {
    const runtimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const instant of [morningInTokyo, "2026-03-08T06:59:00Z", "2026-07-01T02:00:00Z"]) {
      expect(formatLongDate(instant, LOCAL_ZONE)).toBe(formatLongDate(instant, runtimeZone));
      expect(isoDay(instant, LOCAL_ZONE)).toBe(isoDay(instant, runtimeZone));
    }
  });
});

describe("dates without Intl", () => {
  const intl = (timeZone: string, options: Intl.DateTimeFormatOptions, locale = "en-US") =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone });

  it("agrees with Intl in the US zones, hour by hour around every daylight-saving change", () => {
    for (const zone of ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"]) {
      const long = intl(zone, { weekday: "long", year: "numeric", month: "long", day: "numeric" });
      const short = intl(zone, { month: "short", day: "numeric", year: "numeric" });
      const day = intl(zone, { year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA");
      const moment = intl(zone, {
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      });
      for (let year = 2008; year <= 2040; year++) {
        // Both changes fall within March 7–15 and October 31–November 8; every hour there.
        for (const [month, from, to] of [
          [2, 7, 16],
          [9, 31, 40],
        ] as const) {
          for (let t = Date.UTC(year, month, from); t < Date.UTC(year, month, to); t += 3600_000) {
            const d = new Date(t);
            expect(formatLongDate(d, zone)).toBe(long.format(d));
            expect(formatShortDate(d, zone)).toBe(short.format(d));
            expect(isoDay(d, zone)).toBe(day.format(d));
            // Intl may put a narrow no-break space before AM/PM; the words are what must agree.
            expect(dates.formatShortDateTime(d, zone)).toBe(moment.format(d).replace(/\s/g, " "));
          }
        }
      }
    }
    // Many thousand Intl calls: slow on a busy machine, and the time is not what is tested.
  }, 60_000);

  it("uses Intl for other zones and years", () => {
    expect(formatShortDate("2001-06-01T03:00:00Z")).toBe("May 31, 2001");
    expect(formatLongDate("2026-12-31T23:30:00Z", "Asia/Kolkata")).toBe("Friday, January 1, 2027");
    expect(isoDay("2026-12-31T23:30:00Z", "Europe/Paris")).toBe("2027-01-01");
  });
});
