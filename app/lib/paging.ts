/** The highest page number a list offers (older headlines, search results). */
export const MAX_PAGE = 9999;

/**
 * `?page=` as the pages read it: a whole number from 2 to 9999, anything else (absent, 1, 0, "x",
 * "2.5") is the first page. The page cache keys on the same rule (server/page-cache.server.ts).
 */
export function readPage(params: URLSearchParams): number {
  const raw = params.get("page") ?? "";
  if (!/^[1-9]\d{0,3}$/.test(raw)) return 1;
  return Math.min(Number(raw), MAX_PAGE);
}

/** The address of page `page` of `path`, keeping `params` (page 1 has no page parameter). */
export function pageHref(path: string, page: number, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(params);
  if (page > 1) search.set("page", String(page));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
