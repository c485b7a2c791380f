import type { Config } from "#server/config.server.ts";
import type { FeedEngine, SearchPage } from "#server/news/engine.server.ts";
import { type LimitStore, limiterFor, type RateLimiter } from "./rate-limit.server.ts";

/** SEARCH_RATE_LIMIT counts a client's searches over this window. */
export const SEARCH_WINDOW_MS = 60_000;

/** What a client past its search limit reads (the page answers 429 with Retry-After). */
export function searchRateLimitedMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `You have searched a lot in a short time. Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} and search again.`;
}

/**
 * The search limiter, SEARCH_RATE_LIMIT searches per client per minute, as the contact limiter:
 * in this process's memory on SQLite, in the database on PostgreSQL (shared by every process).
 * Searches the cache answers are not counted (the page asks the engine before it takes one).
 */
export function searchLimiter(config: Pick<Config, "SEARCH_RATE_LIMIT">, store?: LimitStore): RateLimiter {
  const options = { limit: config.SEARCH_RATE_LIMIT, windowMs: SEARCH_WINDOW_MS };
  return limiterFor("search", options, store);
}

export type LimitedSearch = { ok: true; page: SearchPage } | { ok: false; retryAfterMs: number };

/**
 * One page of results for a client: a search the engine's cache can answer is free, any other
 * takes one from the client's limit first.
 */
export async function limitedSearch(
  deps: { feeds: Pick<FeedEngine, "searchPage" | "searchCached">; limiter: RateLimiter; clientKey: string },
  query: string,
  page: number,
  limit: number,
): Promise<LimitedSearch> {
  if (!deps.feeds.searchCached(query, page, limit)) {
    const decision = await deps.limiter.take(deps.clientKey);
    if (!decision.ok) return decision;
  }
  return { ok: true, page: await deps.feeds.searchPage(query, page, limit) };
}
