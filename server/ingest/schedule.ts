/** Refresh timing rules, kept pure so tests can check them without timers. */

export const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/**
 * How long a failing feed waits before its next try: one refresh interval after the first failure,
 * doubling with each further one, never more than 6 hours. A Retry-After asks for at least its
 * delay (it may exceed the cap: the publisher asked).
 */
export function backoffDelayMs(
  consecutiveFailures: number,
  intervalMs: number,
  retryAfterMs?: number,
): number {
  const doubling = intervalMs * 2 ** Math.max(0, consecutiveFailures - 1);
  const delay = Math.min(doubling, MAX_BACKOFF_MS);
  return retryAfterMs === undefined ? delay : Math.max(delay, retryAfterMs);
}

/** The refresh interval with ±10% jitter, so many servers (or feeds) do not fall into step. */
export function jitteredIntervalMs(intervalMs: number, random: () => number = Math.random): number {
  return Math.round(intervalMs * (0.9 + 0.2 * random()));
}

/**
 * A feed is due at a tick when its next check falls before the tick plus half an interval: ticks
 * drift with jitter, and a feed refreshed a moment late should not wait a whole extra interval.
 */
export function isDue(nextCheckAt: string | undefined, now: number, intervalMs: number): boolean {
  if (!nextCheckAt) return true;
  const next = Date.parse(nextCheckAt);
  return Number.isNaN(next) || next <= now + intervalMs / 2;
}
