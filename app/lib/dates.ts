import { identity } from "#content/identity.ts";
import * as dates from "#domain/dates.ts";

export { LOCAL_ZONE } from "#domain/dates.ts";

// The site's date formats, in its own time zone (content/identity.ts), or the zone given.
const site = identity.timeZone;

/** "Sunday, November 22, 2026" */
export const formatLongDate = (value: Date | string, timeZone: string = site) =>
  dates.formatLongDate(value, timeZone, site);
/** "Nov 22, 2026" */
export const formatShortDate = (value: Date | string, timeZone: string = site) =>
  dates.formatShortDate(value, timeZone, site);
/** "Nov 23, 2026, 9:00 AM EST" */
export const formatShortDateTime = (value: Date | string, timeZone: string = site) =>
  dates.formatShortDateTime(value, timeZone, site);
/** The calendar date (YYYY-MM-DD), for <time dateTime>. */
export const isoDay = (value: Date | string, timeZone: string = site) => dates.isoDay(value, timeZone, site);
