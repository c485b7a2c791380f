import { afterEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter, createStoreRateLimiter, startRateLimitPruning } from "./rate-limit.server.ts";

const MIN = 60_000;

describe("createRateLimiter", () => {
  it("allows `limit` events per window and then answers how long to wait", () => {
    const limiter = createRateLimiter({ limit: 5, windowMs: 10 * MIN });
    for (let i = 0; i < 5; i++) expect(limiter.take("a", i * MIN)).toEqual({ ok: true });
    expect(limiter.take("a", 5 * MIN)).toEqual({ ok: false, retryAfterMs: 5 * MIN });
    // Other clients are not affected.
    expect(limiter.take("b", 5 * MIN)).toEqual({ ok: true });
  });

  it("slides: each event frees its slot a window after it happened", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 10 * MIN });
    expect(limiter.take("a", 0).ok).toBe(true);
    expect(limiter.take("a", 4 * MIN).ok).toBe(true);
    expect(limiter.take("a", 9 * MIN).ok).toBe(false);
    expect(limiter.take("a", 10 * MIN + 1).ok).toBe(true);
    expect(limiter.take("a", 11 * MIN)).toEqual({ ok: false, retryAfterMs: 3 * MIN });
  });

  it("refusals do not extend the wait", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 10 * MIN });
    limiter.take("a", 0);
    for (let t = 1; t < 10; t++) expect(limiter.take("a", t * MIN).ok).toBe(false);
    expect(limiter.take("a", 10 * MIN).ok).toBe(true);
  });

  it("is off with a limit of 0", () => {
    const limiter = createRateLimiter({ limit: 0, windowMs: 10 * MIN });
    for (let i = 0; i < 100; i++) expect(limiter.take("a", 0).ok).toBe(true);
  });

  it("bounds its memory, forgetting the least recent clients first", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 10 * MIN, maxKeys: 3 });
    for (const key of ["a", "b", "c", "d"]) limiter.take(key, 0);
    // "a" was forgotten, so it may send again; "d" is still remembered.
    expect(limiter.take("a", 1).ok).toBe(true);
    expect(limiter.take("d", 1).ok).toBe(false);
  });
});

describe("startRateLimitPruning", () => {
  afterEach(() => void vi.useRealTimers());

  it("prunes each database-counted limit in the background, and logs a round that fails", async () => {
    vi.useFakeTimers();
    const rateLimits = { take: async () => ({ ok: true as const }), prune: vi.fn(async () => 0) };
    createStoreRateLimiter(rateLimits, "pruned-bucket", { limit: 1, windowMs: 5 * MIN });
    const log = { warn: vi.fn() };
    const pruning = startRateLimitPruning(rateLimits, { everyMs: MIN, log });
    try {
      expect(rateLimits.prune).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(MIN);
      expect(rateLimits.prune).toHaveBeenCalledWith("pruned-bucket", Date.now() - 5 * MIN, 1000);
      rateLimits.prune.mockRejectedValue(new Error("connection refused"));
      await vi.advanceTimersByTimeAsync(MIN);
      expect(log.warn).toHaveBeenCalledWith(
        { event: "rate_limit.prune_failed", reason: "connection refused" },
        "rate limit prune failed",
      );
    } finally {
      await pruning.stop();
    }
  });

  it("stop() ends a running round between batches and waits for it", async () => {
    // Only the rounds' clock: the pause between batches (setImmediate) runs for real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let release: () => void = () => {};
    const batches: string[] = [];
    // Every batch is full (more to delete), and the first is held until released.
    const rateLimits = {
      prune: vi.fn(async (bucket: string) => {
        batches.push(bucket);
        if (batches.length === 1) await new Promise<void>((r) => (release = r));
        return 1000;
      }),
    };
    createStoreRateLimiter({ ...rateLimits, take: async () => ({ ok: true }) }, "stopped-bucket", {
      limit: 1,
      windowMs: MIN,
    });
    const pruning = startRateLimitPruning(rateLimits, { everyMs: MIN });
    await vi.advanceTimersByTimeAsync(MIN);
    expect(batches).toHaveLength(1);
    let stopped = false;
    const stopping = pruning.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    // The round is still in its batch: stop() waits for it.
    expect(stopped).toBe(false);
    release();
    await stopping;
    // No batch after the stop.
    expect(batches).toHaveLength(1);
  });
});
