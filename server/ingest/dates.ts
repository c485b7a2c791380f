/**
 * Feed dates: RFC 822 (RSS pubDate) and ISO 8601 (dc:date, Atom). Parsed by hand because
 * Date.parse is both too lenient ("hello 2" is February 2001 to V8) and machine-dependent
 * (a date without a zone is read in the server's local time). A date without a zone is UTC here.
 */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const RFC822 =
  /^(?:[A-Za-z]+\.?,?\s*)?(\d{1,2})[\s-]+([A-Za-z]{3})[A-Za-z]*\.?[\s-]+(\d{2}|\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(?:([A-Za-z]{1,5}|[+-]\d{4}|[+-]\d{2}:\d{2})(?:\s*\(.*\))?)?$/;

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** Zone abbreviations feeds actually use, in minutes east of UTC. Unknown ones are read as UTC. */
const ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
  bst: 60,
  cet: 60,
  cest: 120,
  eet: 120,
  eest: 180,
  aest: 600,
  aedt: 660,
  jst: 540,
};

function offsetMinutes(zone: string | undefined): number {
  if (!zone) return 0;
  const sign = zone[0] === "-" ? -1 : zone[0] === "+" ? 1 : 0;
  if (sign === 0) return ZONES[zone.toLowerCase()] ?? 0;
  const digits = zone.slice(1).replace(":", "");
  // "+05" has no minutes: Number("") is 0.
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  return sign * (hours * 60 + minutes);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
// The years a feed date may name: outside them it is a placeholder or a typo, and would break
// the ordering of ISO strings.
const MIN_TIME = Date.UTC(1900, 0, 1);
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);

/** Builds a UTC time, rejecting impossible fields (31 February, hour 25) rather than rolling over. */
function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, offset: number) {
  if (mo < 0 || mo > 11 || d < 1 || h > 23 || mi > 59 || s > 60) return undefined;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (mo === 1 && leap ? 29 : (DAYS_IN_MONTH[mo] ?? 31))) return undefined;
  return Date.UTC(y, mo, d, h, mi, Math.min(s, 59)) - offset * 60_000;
}

/** A feed date as a Date, or undefined when it is missing or not a date we can trust. */
export function parseFeedDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const s = value.trim();
  let time: number | undefined;
  const iso = ISO.exec(s);
  if (iso) {
    const [, y, mo, d, h, mi, sec, frac, zone] = iso;
    time = utc(
      Number(y),
      Number(mo) - 1,
      Number(d),
      Number(h ?? 0),
      Number(mi ?? 0),
      Number(sec ?? 0),
      offsetMinutes(zone),
    );
    if (time !== undefined && frac) time += Math.floor(Number(`0.${frac}`) * 1000);
  } else {
    const rfc = RFC822.exec(s);
    if (rfc) {
      const [, d, mon, y, h, mi, sec, zone] = rfc;
      const month = MONTHS[(mon ?? "").toLowerCase()];
      let year = Number(y);
      // RFC 822's two-digit years: 00-49 are 20xx, 50-99 are 19xx.
      if ((y ?? "").length === 2) year += year < 50 ? 2000 : 1900;
      if (month !== undefined) {
        time = utc(
          year,
          month,
          Number(d),
          Number(h ?? 0),
          Number(mi ?? 0),
          Number(sec ?? 0),
          offsetMinutes(zone),
        );
      }
    }
  }
  if (time === undefined || !(time >= MIN_TIME && time <= MAX_TIME)) return undefined;
  return new Date(time);
}
