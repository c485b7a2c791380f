import { formatCount } from "./numbers.ts";
import { MAX_PAGE } from "./paging.ts";

/** A search's count as the store gives it: `capped` when more match than are ranked (`total`). */
export type SearchCount = { total: number; capped: boolean };

/** How many pages a search's results fill (the pages end at MAX_PAGE, as the ranking does). */
export function resultPages(count: SearchCount, pageSize: number): number {
  if (count.capped) return MAX_PAGE;
  return Math.min(Math.max(Math.ceil(count.total / pageSize), 1), MAX_PAGE);
}

const results = (n: number) => `${formatCount(n)} ${n === 1 ? "result" : "results"}`;

/**
 * What a results page says above its list: how many results there are for what, and which of
 * them this page shows ("Results 21–40 of 312 for "electric" (page 2 of 16)"). A capped count is
 * said as a floor ("more than 2,000"), never as an exact number.
 */
export function searchSummary(args: {
  query: string;
  page: number;
  /** Results on this page. */
  shown: number;
  pageSize: number;
  count: SearchCount;
}): string {
  const { query, page, shown, pageSize, count } = args;
  const pages = resultPages(count, pageSize);
  if (!count.capped && pages === 1 && page === 1) return `${results(count.total)} for "${query}"`;
  const from = (page - 1) * pageSize + 1;
  const last = from + Math.max(shown, 1) - 1;
  const to = count.capped ? last : Math.min(last, Math.max(count.total, from));
  const of = count.capped ? `more than ${formatCount(count.total)}` : formatCount(count.total);
  return `Results ${formatCount(from)}–${formatCount(to)} of ${of} for "${query}" (page ${page} of ${pages})`;
}

/** Beside a capped count: why the pages stop, and what to do. */
export function cappedNote(count: SearchCount): string | undefined {
  if (!count.capped) return undefined;
  return `Only the newest ${formatCount(count.total)} matches are ranked and shown. Add a word to narrow the search.`;
}

/** A page past a search's last one: where its results end. */
export function pastResultsText(query: string, count: SearchCount | undefined, pageSize: number): string {
  if (!count || count.total === 0) return `No more results for "${query}".`;
  const pages = resultPages(count, pageSize);
  const total = count.capped ? `more than ${formatCount(count.total)}` : formatCount(count.total);
  return `No more results for "${query}": its ${total} ${count.total === 1 && !count.capped ? "result ends" : "results end"} on page ${pages}.`;
}
