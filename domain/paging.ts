/**
 * The deepest page a list offers (older headlines, search results). The pages and the feed engine
 * both use this one bound: a deeper page is the list's end, said plainly, and never reads the store
 * (a deep page is an OFFSET the store would have to walk through).
 */
export const MAX_PAGE = 100;

/** Search results per page (`?page=` goes further; each page is ranked and cut in the store). */
export const SEARCH_PAGE_SIZE = 20;

/**
 * `?page=` as the pages read it: a whole number from 2 to 9999, anything else (absent, 1, 0, "x",
 * "2.5", "10000") is the first page. Numbers past MAX_PAGE are kept as written, so the page can say
 * that the list ends before them (pastLastPage). The page cache keys on the same rule
 * (server/http/page-cache.server.ts).
 */
export function readPage(params: URLSearchParams): number {
  const raw = params.get("page") ?? "";
  if (!/^[1-9]\d{0,3}$/.test(raw)) return 1;
  return Number(raw);
}

/** Whether a page number is past the deepest page any list offers. */
export function pastLastPage(page: number): boolean {
  return page > MAX_PAGE;
}

/** The address of page `page` of `path`, keeping `params` (page 1 has no page parameter). */
export function pageHref(path: string, page: number, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(params);
  if (page > 1) search.set("page", String(page));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
