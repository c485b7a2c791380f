import { identity } from "../../content/site.ts";

/*
 * Dates are formatted with a fixed locale and, by default, the site's time zone, so the server's
 * HTML and the browser's hydration produce the same text wherever either runs. After hydration a
 * component may pass the reader's own zone (readerTimeZone) to show the reader's calendar date.
 */
const LOCALE = "en-US";

const LONG: Intl.DateTimeFormatOptions = { weekday: "long", year: "numeric", month: "long", day: "numeric" };
const SHORT: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per (locale, options, zone), built on first use; an unknown zone falls back to the site's. */
function formatter(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: identity.timeZone });
    }
    formats.set(key, f);
  }
  return f;
}

function toDate(value: Date | string): Date | null {
  const d = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The time zone of the runtime: in the browser, the reader's own (e.g. "Asia/Tokyo"). */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || identity.timeZone;
}

/** "Sunday, November 22, 2026" */
export function formatLongDate(value: Date | string, timeZone: string = identity.timeZone): string {
  const d = toDate(value);
  return d ? formatter(LOCALE, LONG, timeZone).format(d) : "";
}

/** "Nov 22, 2026" */
export function formatShortDate(value: Date | string, timeZone: string = identity.timeZone): string {
  const d = toDate(value);
  return d ? formatter(LOCALE, SHORT, timeZone).format(d) : "";
}

/** The calendar date (YYYY-MM-DD) in the site's zone (or the one given), for <time dateTime>. */
export function isoDay(value: Date | string, timeZone: string = identity.timeZone): string {
  const d = toDate(value);
  return d ? formatter("en-CA", DAY, timeZone).format(d) : "";
}
