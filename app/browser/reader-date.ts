import { formatLongDate, formatShortDate, isoDay, LOCAL_ZONE } from "#app/lib/dates.ts";

/**
 * Today's date in the header becomes the reader's own: the server wrote the site's date (its time
 * zone), so a reader in Tokyo at 08:00 would see New York's yesterday.
 */
export function showReaderDate(doc: Document = document, now = new Date()): void {
  const time = doc.querySelector<HTMLTimeElement>("time[data-today]");
  if (!time) return;
  const [long, short] = time.querySelectorAll("span");
  time.dateTime = isoDay(now, LOCAL_ZONE);
  if (long) long.textContent = formatLongDate(now, LOCAL_ZONE);
  if (short) short.textContent = formatShortDate(now, LOCAL_ZONE);
}
