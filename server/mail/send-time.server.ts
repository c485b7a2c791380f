/**
 * When the day's edition goes out: NEWSLETTER_SEND_AT ("07:00") in the site's time zone, computed
 * with Intl (no time-zone library), daylight-saving days included.
 */

/** An edition missed at its time (the server was down) still goes out within this long after it. */
export const CATCH_UP_MS = 6 * 3_600_000;

const dayFormat = new Map<string, Intl.DateTimeFormat>();

function parts(at: Date, timeZone: string) {
  let f = dayFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    dayFormat.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** The calendar day (YYYY-MM-DD) of `at` in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  const p = parts(at, timeZone);
  return `${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** How far the zone's clock is ahead of UTC at `at`, in ms. */
function offsetMs(at: Date, timeZone: string): number {
  const p = parts(at, timeZone);
  return (
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000
  );
}

/**
 * The moment the zone's clock shows `hhmm` on `day`. A time the clock skips (spring forward) is
 * taken an hour later; a time it shows twice (fall back), the first.
 */
export function momentOf(day: string, hhmm: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [h, min] = hhmm.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  const first = offsetMs(new Date(wall), timeZone);
  const guess = wall - first;
  const second = offsetMs(new Date(guess), timeZone);
  if (second === first) return new Date(guess);
  const other = wall - second;
  if (offsetMs(new Date(other), timeZone) === second) return new Date(other);
  // Neither offset shows that time: it falls in the spring-forward gap. The clock before the jump
  // (the smaller offset) names the moment the same distance after it.
  return new Date(wall - Math.min(first, second));
}

/**
 * Whether the day's edition is due at `now`: its time has come and passed by less than
 * CATCH_UP_MS (a server started at 9:00 still sends 7:00's; one started at 15:00 waits for tomorrow).
 */
export function editionDue(now: Date, hhmm: string, timeZone: string): { due: boolean; day: string } {
  const day = dayIn(now, timeZone);
  const at = momentOf(day, hhmm, timeZone).getTime();
  const t = now.getTime();
  return { due: t >= at && t < at + CATCH_UP_MS, day };
}

/** The next moment the clock shows `hhmm` after `now`. */
export function nextSendTime(now: Date, hhmm: string, timeZone: string): Date {
  const today = momentOf(dayIn(now, timeZone), hhmm, timeZone);
  if (today.getTime() > now.getTime()) return today;
  // 36 hours after today's time is tomorrow whatever the zone does (a 23- or 25-hour day).
  const tomorrow = dayIn(new Date(today.getTime() + 36 * 3_600_000), timeZone);
  return momentOf(tomorrow, hhmm, timeZone);
}
