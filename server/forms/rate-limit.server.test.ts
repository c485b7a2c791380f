import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createRateLimiter,
  createStoreRateLimiter,
  limiterFor,
  pruneRateLimits,
  RATE_LIMIT_WAIT_MS,
  startRateLimitPruning,
} from "./rate-limit.server.ts";

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
    // "a" was forgotten, so it may send again; "b" and "d" are still remembered (one forgotten is enough).
    expect(limiter.take("b", 1).ok).toBe(false);
    expect(limiter.take("a", 1).ok).toBe(true);
    expect(limiter.take("d", 1).ok).toBe(false);
  });

  it("counts a client's latest event as its most recent use when memory is full", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 10 * MIN, maxKeys: 2 });
    limiter.take("a", 0);
    limiter.take("b", 1);
    limiter.take("a", 2);
    // A third client: "b" is now the least recent and goes, "a" (used since) stays at its limit.
    limiter.take("c", 3);
    expect(limiter.take("a", 4).ok).toBe(false);
    expect(limiter.take("b", 4).ok).toBe(true);
  });

  it("remembers the client it just counted when memory is full, however late the clock", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 10 * MIN, maxKeys: 2 });
    const late = 1000 * MIN;
    for (const key of ["a", "b", "c"]) limiter.take(key, late);
    expect(limiter.take("c", late + 1)).toEqual({ ok: false, retryAfterMs: 10 * MIN - 1 });
    expect(limiter.take("b", late + 1).ok).toBe(false);
  });

  // Date.now() can step back (the system clock set right), so the least recent client is not always
  // the one whose events are oldest.
  it("when memory is full, forgets clients whose events have expired before any other", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 10 * MIN, maxKeys: 2 });
    limiter.take("a", 20 * MIN);
    limiter.take("b", 0);
    // A window later, "b"'s event has expired (to the millisecond): "b" goes, not "a" (the least
    // recent client).
    limiter.take("c", 10 * MIN);
    expect(limiter.take("a", 12 * MIN).ok).toBe(false);
  });

  it("sweeps its memory only once it holds more than maxKeys clients", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 10 * MIN, maxKeys: 2 });
    limiter.take("b", 0);
    // Two clients, the bound: nobody is forgotten, not even "b" (expired by this clock).
    limiter.take("a", 20 * MIN);
    expect(limiter.take("b", 5 * MIN).ok).toBe(false);
  });
});

describe("createStoreRateLimiter", () => {
  const never = () => new Promise<never>(() => {});

  it("answers with the database's count, for this limit, client and window", async () => {
    const take = vi.fn(async () => ({ ok: false as const, retryAfterMs: 1234 }));
    const limiter = createStoreRateLimiter({ take, prune: async () => 0 }, "contact", {
      limit: 3,
      windowMs: 5 * MIN,
    });
    expect(await limiter.take("203.0.113.5", 1000)).toEqual({ ok: false, retryAfterMs: 1234 });
    expect(take).toHaveBeenCalledWith("contact", "203.0.113.5", 3, 5 * MIN, 1000);
  });

  it("lets the request through when the database does not answer in time, and logs who and why", async () => {
    const log = { warn: vi.fn() };
    const limiter = createStoreRateLimiter(
      { take: never, prune: async () => 0 },
      "newsletter",
      { limit: 1, windowMs: MIN },
      { waitMs: 5, log },
    );
    expect(await limiter.take("203.0.113.5")).toEqual({ ok: true });
    expect(log.warn).toHaveBeenCalledWith(
      {
        event: "rate_limit.fail_open",
        bucket: "newsletter",
        client: "203.0.113.5",
        reason: "no answer within 5 ms",
      },
      expect.stringContaining("newsletter"),
    );
  });

  it("waits RATE_LIMIT_WAIT_MS by default", async () => {
    vi.useFakeTimers();
    try {
      const limiter = createStoreRateLimiter(
        { take: never, prune: async () => 0 },
        "contact",
        {
          limit: 1,
          windowMs: MIN,
        },
        { log: { warn: () => {} } },
      );
      let answer: unknown;
      void Promise.resolve(limiter.take("c")).then((a) => {
        answer = a;
      });
      await vi.advanceTimersByTimeAsync(RATE_LIMIT_WAIT_MS - 1);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(answer).toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets the request through when the count fails, and handles a failure that comes after the wait", async () => {
    const log = { warn: vi.fn() };
    const refused = createStoreRateLimiter(
      { take: async () => Promise.reject(new Error("connection refused")), prune: async () => 0 },
      "contact",
      { limit: 1, windowMs: MIN },
      { waitMs: 1000, log },
    );
    expect(await refused.take("c")).toEqual({ ok: true });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: "connection refused" }),
      expect.any(String),
    );
    // A count that fails once the limiter has stopped waiting: no unhandled rejection (that would
    // end the process).
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const late = createStoreRateLimiter(
        {
          take: () => new Promise((_, reject) => setTimeout(() => reject(new Error("too late")), 20)),
          prune: async () => 0,
        },
        "contact",
        { limit: 1, windowMs: MIN },
        { waitMs: 1, log },
      );
      expect(await late.take("c")).toEqual({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});

describe("limiterFor", () => {
  const rateLimits = () => ({
    take: vi.fn(async () => ({ ok: true as const })),
    prune: vi.fn(async () => 0),
  });

  it("counts in the store only when processes share it", async () => {
    const counts = rateLimits();
    await limiterFor("db-bucket", { limit: 1, windowMs: MIN }, { rateLimits: counts, shared: true }).take(
      "c",
      0,
    );
    expect(counts.take).toHaveBeenCalledWith("db-bucket", "c", 1, MIN, 0);
    const memory = limiterFor(
      "memory-bucket",
      { limit: 1, windowMs: MIN },
      { rateLimits: counts, shared: false },
    );
    expect(await memory.take("c", 0)).toEqual({ ok: true });
    expect(await memory.take("c", 1)).toEqual({ ok: false, retryAfterMs: MIN - 1 });
    // No store to count in: in memory too.
    const noStore = limiterFor("no-store-bucket", { limit: 1, windowMs: MIN });
    expect(await noStore.take("c", 0)).toEqual({ ok: true });
    expect((await noStore.take("c", 1)).ok).toBe(false);
    expect(counts.take).toHaveBeenCalledTimes(1);
  });

  it("builds an in-memory limiter of its own each time (server/app.ts keeps one per process)", async () => {
    const one = limiterFor("own-bucket", { limit: 1, windowMs: MIN });
    const two = limiterFor("own-bucket", { limit: 1, windowMs: MIN });
    expect(await one.take("c", 0)).toEqual({ ok: true });
    // Another app's limiter in the same process does not see the first one's count.
    expect(await two.take("c", 0)).toEqual({ ok: true });
    expect((await one.take("c", 1)).ok).toBe(false);
  });
});

describe("pruneRateLimits", () => {
  /** A table that always has more to delete: every batch is full. */
  const full = (batch: number) => ({ prune: vi.fn(async () => batch) });

  it("stops a round after maxBatches statements", async () => {
    const rateLimits = full(10);
    const windows = new Map([["a", MIN]]);
    expect(await pruneRateLimits(rateLimits, windows, { batch: 10, maxBatches: 3, now: 0 })).toBe(30);
    expect(rateLimits.prune).toHaveBeenCalledTimes(3);
  });

  it("stops between batches once asked to", async () => {
    const rateLimits = full(10);
    let calls = 0;
    const stopped = () => calls >= 2;
    rateLimits.prune.mockImplementation(async () => {
      calls++;
      return 10;
    });
    expect(await pruneRateLimits(rateLimits, new Map([["a", MIN]]), { batch: 10, now: 0, stopped })).toBe(20);
  });

  it("deletes each limit's events older than its own window", async () => {
    const rateLimits = { prune: vi.fn(async () => 0) };
    const windows = new Map([
      ["a", MIN],
      ["b", 10 * MIN],
    ]);
    expect(await pruneRateLimits(rateLimits, windows, { now: 100 * MIN })).toBe(0);
    expect(rateLimits.prune.mock.calls).toEqual([
      ["a", 99 * MIN, 1000],
      ["b", 90 * MIN, 1000],
    ]);
  });

  it("prunes a limit counted in the database with its longest window", async () => {
    const rateLimits = { take: async () => ({ ok: true as const }), prune: vi.fn(async () => 0) };
    createStoreRateLimiter(rateLimits, "widest-bucket", { limit: 1, windowMs: 5 * MIN });
    createStoreRateLimiter(rateLimits, "widest-bucket", { limit: 1, windowMs: 30 * MIN });
    createStoreRateLimiter(rateLimits, "widest-bucket", { limit: 1, windowMs: 10 * MIN });
    await pruneRateLimits(rateLimits, undefined, { now: 100 * MIN });
    expect(rateLimits.prune).toHaveBeenCalledWith("widest-bucket", 70 * MIN, 1000);
  });

  it("lets other work run between batches", async () => {
    const order: string[] = [];
    const rateLimits = {
      prune: vi.fn(async () => {
        order.push("batch");
        return order.filter((o) => o === "batch").length < 3 ? 10 : 0;
      }),
    };
    setImmediate(() => order.push("request"));
    await pruneRateLimits(rateLimits, new Map([["a", MIN]]), { batch: 10, now: 0 });
    expect(order.indexOf("request")).toBeLessThan(order.lastIndexOf("batch"));
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
    // Stopped: no timer left.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("starts no round while one is running", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let release: () => void = () => {};
    const rateLimits = {
      prune: vi.fn(async () => {
        await new Promise<void>((r) => (release = r));
        return 0;
      }),
    };
    createStoreRateLimiter({ ...rateLimits, take: async () => ({ ok: true }) }, "slow-bucket", {
      limit: 1,
      windowMs: MIN,
    });
    const pruning = startRateLimitPruning(rateLimits, { everyMs: MIN });
    try {
      await vi.advanceTimersByTimeAsync(MIN);
      const first = rateLimits.prune.mock.calls.length;
      await vi.advanceTimersByTimeAsync(3 * MIN);
      expect(rateLimits.prune.mock.calls.length).toBe(first);
    } finally {
      release();
      await pruning.stop();
    }
  });

  it("does not keep the process alive", async () => {
    const before = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const pruning = startRateLimitPruning({ prune: async () => 0 }, { everyMs: MIN });
    try {
      expect(process.getActiveResourcesInfo().filter((r) => r === "Timeout").length).toBe(before);
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
