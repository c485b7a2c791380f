import { formatLongDate, formatShortDate, isoDay } from "#app/lib/dates.ts";

/**
 * Today's date in the header, in the site's zone; the page script makes it the reader's own
 * (app/browser/reader-date.ts), so a reader in Tokyo at 08:00 sees today, not New York's
 * yesterday. Both forms are rendered and CSS picks one by width: the long one from 1024 px, below
 * which the top bar's links need its room to stay on one row.
 */
export function TodayDate({ now }: { now: string }) {
  return (
    <time dateTime={isoDay(now)} data-today className="whitespace-nowrap text-sm text-muted">
      <span className="hidden lg:inline">{formatLongDate(now)}</span>
      <span className="lg:hidden">{formatShortDate(now)}</span>
    </time>
  );
}
