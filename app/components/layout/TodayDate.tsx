import { formatLongDate, formatShortDate, isoDay } from "#app/lib/dates.ts";
import { usePublication } from "./publication.ts";

/**
 * Today's date in the header, in the site's zone; the page script makes it the reader's own
 * (app/browser/reader-date.ts), so a reader in Tokyo at 08:00 sees today, not New York's
 * yesterday. Both forms are rendered and CSS picks one by width: the long one from 1024 px, below
 * which the top bar's links need its room to stay on one row.
 */
export function TodayDate({ now }: { now: string }) {
  const { timeZone } = usePublication();
  return (
    <time dateTime={isoDay(now, timeZone)} data-today className="whitespace-nowrap text-sm text-muted">
      <span className="hidden lg:inline">{formatLongDate(now, timeZone)}</span>
      <span className="lg:hidden">{formatShortDate(now, timeZone)}</span>
    </time>
  );
}
