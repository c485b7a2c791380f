/*
 * Dates are formatted with a fixed locale (en-US names) and, by default, the site's time zone, so
 * the server's HTML and the browser's hydration produce the same text wherever either runs. After
 * hydration a component may pass LOCAL_ZONE to show the reader's own calendar date.
 *
 * The browser's first Intl date (or number) formatter loads ICU data: 60 ms on a desktop, 250 ms
 * or more on a phone, in the middle of hydration. So the site's zone is computed from its
 * daylight-saving rule, and the reader's from the Date's own local fields; Intl is only the
 * fallback for a zone or a year the rule does not cover (dates.test.ts checks both agree).
 */

/** The runtime's own zone (in the browser, the reader's), read from Date's local fields. */
export const LOCAL_ZONE = "local";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

type Day = { year: number; month: number; day: number; weekday: number };

/**
 * US zones since 2007: standard time, one hour ahead from the second Sunday of March 02:00 local
 * to the first Sunday of November 02:00 local: the standard offset in hours, and the zone's short
 * names in standard and in daylight time as Intl's en-US gives them.
 */
const US_RULE_ZONES: Record<string, { standard: number; names: [string, string] }> = {
  "America/New_York": { standard: -5, names: ["EST", "EDT"] },
  "America/Chicago": { standard: -6, names: ["CST", "CDT"] },
  "America/Denver": { standard: -7, names: ["MST", "MDT"] },
  "America/Los_Angeles": { standard: -8, names: ["PST", "PDT"] },
};

/** The n-th Sunday (1-based) of a month, as a day of the month. */
function nthSunday(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - first) % 7) + 7 * (n - 1);
}

type Moment = Day & { hour: number; minute: number; zoneName: string };

/** The wall-clock moment in a zone with the US rule, or null when the rule does not apply. */
function ruleMoment(time: number, timeZone: string): Moment | null {
  const zone = US_RULE_ZONES[timeZone];
  if (!zone) return null;
  const { standard, names } = zone;
  const year = new Date(time).getUTCFullYear();
  if (year < 2008 || year > 2099) return null;
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 2 - standard);
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 2 - (standard + 1));
  const daylight = time >= start && time < end;
  const d = new Date(time + (daylight ? standard + 1 : standard) * 3600_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    zoneName: names[daylight ? 1 : 0],
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day by Intl, for any other zone; an unknown zone falls back to the site's. */
function intlDay(date: Date, timeZone: string, siteZone: string): Day {
  const key = `${timeZone} ${siteZone}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "short",
      calendar: "gregory",
      numberingSystem: "latn",
    };
    try {
      f = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat("en-US", { ...options, timeZone: siteZone });
    }
    formats.set(key, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month) - 1,
    day: Number(parts.day),
    weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? ""),
  };
}

function dayOf(value: Date | string, timeZone: string, siteZone: string): Day | null {
  const d = typeof value === "string" ? new Date(value) : value;
  const time = d.getTime();
  if (Number.isNaN(time)) return null;
  if (timeZone === LOCAL_ZONE) {
    return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), weekday: d.getDay() };
  }
  return ruleMoment(time, timeZone) ?? intlDay(d, timeZone, siteZone);
}

const pad = (n: number) => String(n).padStart(2, "0");

/*
 * Each format takes the zone to show (or LOCAL_ZONE) and the site's zone, which an unknown zone
 * falls back to. The zone is a parameter because domain/ reads no settings; app/lib/dates.ts
 * binds the site's for the pages (one function each, so a page's bundle keeps only what it uses).
 */
/** "Sunday, November 22, 2026" */
export function formatLongDate(value: Date | string, timeZone: string, siteZone: string): string {
  const d = dayOf(value, timeZone, siteZone);
  return d ? `${WEEKDAYS[d.weekday]}, ${MONTHS[d.month]} ${d.day}, ${d.year}` : "";
}

/** "Nov 22, 2026" */
export function formatShortDate(value: Date | string, timeZone: string, siteZone: string): string {
  const d = dayOf(value, timeZone, siteZone);
  return d ? `${MONTHS[d.month]?.slice(0, 3)} ${d.day}, ${d.year}` : "";
}

/** The calendar date (YYYY-MM-DD) in the site's zone (or the one given), for <time dateTime>. */
export function isoDay(value: Date | string, timeZone: string, siteZone: string): string {
  const d = dayOf(value, timeZone, siteZone);
  return d ? `${String(d.year).padStart(4, "0")}-${pad(d.month + 1)}-${pad(d.day)}` : "";
}

/**
 * "Nov 23, 2026, 9:00 AM EST": a moment of the day, with its zone so no reader takes it for theirs.
 * The US rule zones need no Intl (an island formats one after a refresh); others ask Intl for the
 * zone's name.
 */
export function formatShortDateTime(
  value: Date | string,
  timeZone: string,
  siteZone: string = timeZone,
): string {
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "";
  const m = ruleMoment(d.getTime(), timeZone);
  if (m) {
    const hour = m.hour % 12 || 12;
    const period = m.hour < 12 ? "AM" : "PM";
    return `${formatShortDate(d, timeZone, siteZone)}, ${hour}:${pad(m.minute)} ${period} ${m.zoneName}`;
  }
  const options: Intl.DateTimeFormatOptions = {
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZoneName: "short",
    numberingSystem: "latn",
  };
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
  } catch {
    f = new Intl.DateTimeFormat("en-US", { ...options, timeZone: siteZone });
    timeZone = siteZone;
  }
  const p = Object.fromEntries(f.formatToParts(d).map((part) => [part.type, part.value]));
  return `${formatShortDate(d, timeZone, siteZone)}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}
