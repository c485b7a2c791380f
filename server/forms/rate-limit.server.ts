import { createContext } from "react-router";
import { withTimeout } from "#server/http/with-timeout.ts";
import { errorLine } from "#server/ingest/errors.ts";
import { logger } from "#server/logger.server.ts";
import { RATE_LIMIT_WAIT_MS, type Store } from "#server/store/store.ts";

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

export { RATE_LIMIT_WAIT_MS } from "#server/store/store.ts";

/** Each limit counted in the database and its window, for the background prune (a few entries). */
const storedWindows = new Map<string, number>();

/**
 * The same limit counted in the database (PostgreSQL: every process behind the load balancer counts
 * one window per client). A database that cannot answer within RATE_LIMIT_WAIT_MS lets the event
 * through (fail open: abuse control never locks readers out, and the form's own write then fails
 * with its message), and each time says so in the log with the client and the reason.
 */
export function createStoreRateLimiter(
  rateLimits: Store["rateLimits"],
  bucket: string,
  { limit, windowMs }: Omit<RateLimitOptions, "maxKeys">,
  { waitMs = RATE_LIMIT_WAIT_MS, log = logger }: { waitMs?: number; log?: Pick<typeof logger, "warn"> } = {},
): RateLimiter {
  storedWindows.set(bucket, Math.max(windowMs, storedWindows.get(bucket) ?? 0));
  return {
    async take(key, now = Date.now()) {
      const count = rateLimits.take(bucket, key, limit, windowMs, now);
      try {
        return await withTimeout(count, waitMs, () => new Error(`no answer within ${waitMs} ms`));
      } catch (error) {
        // The count may still fail after the wait; that is already logged here.
        count.catch(() => {});
        log.warn(
          { event: "rate_limit.fail_open", bucket, client: key, reason: errorLine(error) },
          `${bucket} rate limit could not be checked; letting the request through`,
        );
        return { ok: true };
      }
    },
  };
}

/**
 * Where a limit can be counted: the store's rate-limit table, and whether processes share the
 * store (openStore's `shared`: PostgreSQL), which is when counting there is worth its round trip.
 */
export type LimitStore = { rateLimits: Store["rateLimits"]; shared: boolean };

/**
 * A form's or a page's limit (`bucket`: contact, newsletter, search): counted in the database when
 * the store is shared by every process behind the load balancer (PostgreSQL), else in this
 * process's memory (server/app.ts builds each once, for the process's life).
 */
export function limiterFor(
  bucket: string,
  options: Omit<RateLimitOptions, "maxKeys">,
  store?: LimitStore,
): RateLimiter {
  if (store?.shared) return createStoreRateLimiter(store.rateLimits, bucket, options);
  return createRateLimiter(options);
}

export type RatePruneOptions = {
  /** Between rounds (default a minute). */
  everyMs?: number;
  /** Events deleted per statement, so no statement holds the table or the request pool long. */
  batch?: number;
  /** Rounds stop after this many statements and go on next time. */
  maxBatches?: number;
  log?: Pick<typeof logger, "warn">;
};

/**
 * Deletes the limits' expired events in small batches, one statement at a time (so a million
 * left after a flood never make one request wait for a big DELETE). One round; how many deleted.
 */
export async function pruneRateLimits(
  rateLimits: Pick<Store["rateLimits"], "prune">,
  windows: ReadonlyMap<string, number> = storedWindows,
  {
    batch = 1000,
    maxBatches = 1000,
    now = Date.now(),
    stopped = () => false,
  }: RatePruneOptions & { now?: number; stopped?: () => boolean } = {},
): Promise<number> {
  let deleted = 0;
  let statements = 0;
  for (const [bucket, windowMs] of windows) {
    for (;;) {
      // Stopping (the process closes its store): the round ends between batches.
      if (statements++ >= maxBatches || stopped()) return deleted;
      const n = await rateLimits.prune(bucket, now - windowMs, batch);
      deleted += n;
      if (n < batch) break;
      // Let requests have the event loop (and SQLite's lock) between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return deleted;
}

/**
 * pruneRateLimits every `everyMs`, in the background. stop() ends it: a running round stops after
 * its current batch, and stop() resolves once it has (so the store can be closed after it).
 */
export function startRateLimitPruning(
  rateLimits: Pick<Store["rateLimits"], "prune">,
  { everyMs = 60_000, log = logger, ...options }: RatePruneOptions = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = pruneRateLimits(rateLimits, storedWindows, { ...options, stopped: () => stopped })
      .then(
        () => {},
        (error: unknown) =>
          log.warn({ event: "rate_limit.prune_failed", reason: errorLine(error) }, "rate limit prune failed"),
      )
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
