import type { TextSegment } from "#domain/article.ts";

/**
 * Search text for PostgreSQL, kept the same as SQLite's FTS5 (unicode61, remove_diacritics 2), and
 * the marking of matches for both stores:
 * words are runs of letters and digits, compared without case or accents. The store folds the
 * text itself before to_tsvector('simple', …), so the index needs no extension (unaccent), and
 * marks matches itself, so the highlights follow exactly the words that matched.
 */

const WORD = /[\p{L}\p{N}]+/gu;
// A run in the original text: marks belong to their letter (an accent written as a combining mark).
const RUN = /[\p{L}\p{N}\p{M}]+/gu;

/** Lower case, compatibility forms and accents removed (é → e, ﬁ → fi). */
export function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The folded words of a text, as the index holds them. */
export function words(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/** A text as the search document stores it: its folded words, separated by single spaces. */
export function searchDocument(text: string): string {
  return words(text).join(" ");
}

export type SearchTerms = { words: string[]; tsquery: string };

/**
 * The last word of a search is a prefix ("batt" finds "battery") only from this many letters: a
 * one- or two-letter prefix matches hundreds of index terms, whose lists both stores would merge
 * whole (0.3–0.6 s on 100,000 articles, on SQLite on the web thread). Shorter, it is a word.
 */
export const PREFIX_MIN = 3;

/** Whether a search's last word is searched as a prefix (both stores). */
export const isPrefix = (word: string) => [...word].length >= PREFIX_MIN;

/**
 * What a visitor typed as a tsquery: its words only, all required, the last one as a prefix when
 * long enough (as on SQLite). Operators and quotes in the input are not words, so no input can make
 * to_tsquery throw. Undefined when there is nothing to search.
 */
export function toSearchTerms(input: string): SearchTerms | undefined {
  const kept = words(input.normalize("NFKC")).slice(0, 12);
  if (kept.length === 0) return undefined;
  const last = (w: string, i: number) => i === kept.length - 1 && isPrefix(w);
  const tsquery = kept.map((w, i) => (last(w, i) ? `'${w}':*` : `'${w}'`)).join(" & ");
  return { words: kept, tsquery };
}

/**
 * The search a visitor's input amounts to, as a cache key: the words the stores search for (the
 * same reduction as toSearchTerms and SQLite's toFtsQuery, folded as both indexes fold them), so
 * `seeded`, `Seeded!`, `"seeded` and `^seeded*` are one key. Empty when there is nothing to search.
 */
export function searchKey(input: string): string {
  return toSearchTerms(input)?.words.join(" ") ?? "";
}

type Run = { start: number; end: number; match: boolean };

function runs(text: string, terms: readonly string[]): Run[] {
  const final = terms[terms.length - 1] ?? "";
  const last = isPrefix(final) ? final : "";
  const whole = new Set(last ? terms.slice(0, -1) : terms);
  const result: Run[] = [];
  for (const m of text.matchAll(RUN)) {
    const match = words(m[0]).some((w) => whole.has(w) || (last !== "" && w.startsWith(last)));
    result.push({ start: m.index, end: m.index + m[0].length, match });
  }
  return result;
}

function segments(text: string, marked: readonly Run[], from: number, to: number): TextSegment[] {
  const out: TextSegment[] = [];
  const push = (t: string, match: boolean) => {
    if (t === "") return;
    const last = out[out.length - 1];
    if (last && last.match === match) last.text += t;
    else out.push({ text: t, match });
  };
  let at = from;
  for (const r of marked) {
    if (!r.match || r.end <= from || r.start >= to) continue;
    push(text.slice(at, r.start), false);
    push(text.slice(r.start, r.end), true);
    at = r.end;
  }
  push(text.slice(at, to), false);
  return out;
}

/** The whole text with the words that match the search marked (SQLite's highlight()). */
export function highlight(text: string, terms: readonly string[]): TextSegment[] {
  return segments(text, runs(text, terms), 0, text.length);
}

/**
 * Up to `size` words of the text around the most matches, marked, with "…" where it was cut
 * (SQLite's snippet()).
 */
export function snippet(text: string, terms: readonly string[], size = 24): TextSegment[] {
  const all = runs(text, terms);
  if (all.length <= size) return highlight(text, terms);
  let best = 0;
  let bestCount = -1;
  for (let i = 0; i + size <= all.length; i++) {
    let count = 0;
    for (let k = i; k < i + size; k++) if (all[k]?.match) count++;
    // The earliest window with the most matches, starting on a match when one can.
    const score = count * 2 + (all[i]?.match ? 1 : 0);
    if (score > bestCount) {
      best = i;
      bestCount = score;
    }
  }
  const first = all[best];
  const lastRun = all[best + size - 1];
  const from = best === 0 ? 0 : (first?.start ?? 0);
  const to = best + size >= all.length ? text.length : (lastRun?.end ?? text.length);
  const body = segments(text, all, from, to);
  if (from > 0) body.unshift({ text: "…", match: false });
  if (to < text.length) body.push({ text: "…", match: false });
  // Merge the ellipses into their unmarked neighbours.
  return body.reduce<TextSegment[]>((acc, s) => {
    const prev = acc[acc.length - 1];
    if (prev && prev.match === s.match) prev.text += s.text;
    else acc.push({ ...s });
    return acc;
  }, []);
}
