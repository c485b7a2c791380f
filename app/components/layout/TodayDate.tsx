import { useEffect, useState } from "react";
import { formatLongDate, formatShortDate, isoDay, LOCAL_ZONE } from "#app/lib/dates.ts";

/**
 * Today's date in the header. The server renders its own date (the site's zone), which hydration
 * reproduces exactly; after hydration it becomes the reader's own date, so a reader in Tokyo at
 * 08:00 sees today, not New York's yesterday. Both forms are rendered and CSS picks one by width:
 * the long one from 1024 px, below which the top bar's links need its room to stay on one row.
 */
export function TodayDate({ now }: { now: string }) {
  const [reader, setReader] = useState<{ now: Date; zone: string } | null>(null);
  useEffect(() => {
    setReader({ now: new Date(), zone: LOCAL_ZONE });
  }, []);
  const date = reader?.now ?? now;
  const zone = reader?.zone;
  return (
    <time dateTime={isoDay(date, zone)} className="whitespace-nowrap text-sm text-muted">
      <span className="hidden lg:inline">{formatLongDate(date, zone)}</span>
      <span className="lg:hidden">{formatShortDate(date, zone)}</span>
    </time>
  );
}
