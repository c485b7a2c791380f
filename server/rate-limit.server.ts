import { createContext } from "react-router";
import type { Store } from "./store/store.ts";

/**
 * Who is asking, for per-client limits: the client's address as Express sees it (set per request in
 * server/app.ts). Behind a reverse proxy, Express's "trust proxy" decides which address that is.
 */
export const clientAddressContext = createContext<string>("");

export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one event for `key` if the limit allows it (in memory at once; in the database later). */
  take(key: string, now?: number): RateDecision | Promise<RateDecision>;
};

export type RateLimitOptions = {
  /** Events allowed per window; 0 turns the limit off. */
  limit: number;
  windowMs: number;
  /** Memory bound: past this many clients, the oldest are forgotten first. */
  maxKeys?: number;
};

/**
 * A sliding-window limit per key, in memory (one process; a restart forgets it, which is fine for
 * abuse control). Each key keeps at most `limit` timestamps.
 */
export function createRateLimiter({ limit, windowMs, maxKeys = 10_000 }: RateLimitOptions): {
  take(key: string, now?: number): RateDecision;
} {
  const hits = new Map<string, number[]>();

  const sweep = (now: number) => {
    for (const [key, times] of hits) {
      if ((times[times.length - 1] ?? 0) <= now - windowMs) hits.delete(key);
    }
    for (const key of hits.keys()) {
      if (hits.size <= maxKeys) break;
      hits.delete(key);
    }
  };

  return {
    take(key, now = Date.now()) {
      if (limit <= 0) return { ok: true };
      const times = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
      if (times.length >= limit) {
        hits.set(key, times);
        return { ok: false, retryAfterMs: (times[0] ?? now) + windowMs - now };
      }
      times.push(now);
      // Re-inserting moves the key to the end, so the sweep forgets the least recent clients first.
      hits.delete(key);
      hits.set(key, times);
      if (hits.size > maxKeys) sweep(now);
      return { ok: true };
    },
  };
}

/**
 * The same limit counted in the database (PostgreSQL: every process behind the load balancer counts
 * one window per client). A database that cannot answer lets the event through: the form's own
 * write then fails with its message, and abuse control never locks readers out.
 */
export function createStoreRateLimiter(
  rateLimits: Store["rateLimits"],
  bucket: string,
  { limit, windowMs }: Omit<RateLimitOptions, "maxKeys">,
): RateLimiter {
  return {
    take: (key, now = Date.now()) =>
      rateLimits.take(bucket, key, limit, windowMs, now).catch((): RateDecision => ({ ok: true })),
  };
}
