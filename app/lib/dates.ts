import { identity } from "../../content/site.ts";

/*
 * Every date is formatted with a fixed locale and the site's time zone, so the server's HTML and
 * the browser's hydration produce the same text wherever either runs.
 */
const LOCALE = "en-US";

const longFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: identity.timeZone,
});
const shortFormat = new Intl.DateTimeFormat(LOCALE, {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: identity.timeZone,
});

function toDate(value: Date | string): Date | null {
  const d = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Sunday, November 22, 2026" */
export function formatLongDate(value: Date | string): string {
  const d = toDate(value);
  return d ? longFormat.format(d) : "";
}

/** "Nov 22, 2026" */
export function formatShortDate(value: Date | string): string {
  const d = toDate(value);
  return d ? shortFormat.format(d) : "";
}

/** The calendar date (YYYY-MM-DD) in the site's zone, for <time dateTime>. */
export function isoDay(value: Date | string): string {
  const d = toDate(value);
  if (!d) return "";
  const parts = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: identity.timeZone,
  }).format(d);
  return parts;
}
