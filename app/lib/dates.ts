import { identity } from "#content/identity.ts";
import { datesIn } from "#domain/dates.ts";

export { LOCAL_ZONE } from "#domain/dates.ts";

/** The site's date formats, in its own time zone (content/identity.ts). */
export const { formatLongDate, formatShortDate, isoDay, formatShortDateTime } = datesIn(identity.timeZone);
