/**
 * A limit counted in the database fails open when the database cannot count in time: the request
 * goes through within RATE_LIMIT_WAIT_MS, and every such pass is logged with the client and why.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { holdAdvisoryLock, lockStore } from "#server/store/testing/faults.ts";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";
import { createStoreRateLimiter } from "./rate-limit.server.ts";

vi.setConfig({ testTimeout: 60_000 });

/** Far past the limiter's wait (and the stores' own lock waits). */
const HOLD_MS = 15_000;

describe.each(await storeKinds())("a database-counted rate limit on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("lets a client at its limit through while the count is locked, within the wait, and logs each pass", async () => {
    const log = { warn: vi.fn() };
    const limiter = createStoreRateLimiter(
      t.store.rateLimits,
      "contact",
      { limit: 2, windowMs: 600_000 },
      { log },
    );
    expect(await limiter.take("203.0.113.5")).toEqual({ ok: true });
    expect(await limiter.take("203.0.113.5")).toEqual({ ok: true });
    expect((await limiter.take("203.0.113.5")).ok).toBe(false);
    expect(log.warn).not.toHaveBeenCalled();
    // Another connection holds rate_limit_hits (SQLite: the whole file's write lock).
    const lock = await lockStore(t.location, ["rate_limit_hits"], HOLD_MS);
    try {
      const passes = [await limiter.take("203.0.113.5"), await limiter.take("203.0.113.5")];
      // Answered while the lock was still held: the wait is bounded, not the lock's length.
      expect(lock.held()).toBe(true);
      expect(passes).toEqual([{ ok: true }, { ok: true }]);
    } finally {
      await lock.release();
    }
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith(
      {
        event: "rate_limit.fail_open",
        bucket: "contact",
        client: "203.0.113.5",
        reason: expect.stringMatching(/no answer within 2000 ms|lock timeout|database is locked/),
      },
      "contact rate limit could not be checked; letting the request through",
    );
    // Counting again once the table is free.
    expect((await limiter.take("203.0.113.5")).ok).toBe(false);
  });
});

describe("a database-counted rate limit whose store fails", () => {
  it("logs a count that fails outright, with the error's code", async () => {
    const log = { warn: vi.fn() };
    const failing = {
      take: () => Promise.reject(Object.assign(new Error("too many clients already"), { code: "53300" })),
      prune: async () => 0,
    };
    const limiter = createStoreRateLimiter(failing, "newsletter", { limit: 5, windowMs: 60_000 }, { log });
    expect(await limiter.take("198.51.100.4")).toEqual({ ok: true });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ client: "198.51.100.4", reason: "too many clients already (53300)" }),
      expect.any(String),
    );
  });
});

describe.each((await storeKinds()).filter((k) => k === "postgres"))("an abandoned count on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  // The limiter stops waiting after RATE_LIMIT_WAIT_MS; the count must give its pool connection
  // back then too, or a locked table fills the request pool with counts nobody waits for.
  it("gives up while the table is still locked", async () => {
    const lock = await lockStore(t.location, ["rate_limit_hits"], HOLD_MS);
    try {
      await expect(t.store.rateLimits.take("contact", "203.0.113.9", 2, 600_000)).rejects.toThrow(/timeout/);
      expect(lock.held()).toBe(true);
    } finally {
      await lock.release();
    }
  });

  it("gives up while another count of the same client still holds its turn", async () => {
    const turn = await holdAdvisoryLock(t.location.databaseUrl ?? "", "contact 203.0.113.9", HOLD_MS);
    try {
      await expect(t.store.rateLimits.take("contact", "203.0.113.9", 2, 600_000)).rejects.toThrow(/timeout/);
      expect(turn.held()).toBe(true);
    } finally {
      await turn.release();
    }
  });
});
