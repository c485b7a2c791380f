import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter.ts";
import { backoffDelayMs, isDue, jitteredIntervalMs, MAX_BACKOFF_MS } from "./schedule.ts";

const MIN = 60_000;

describe("backoffDelayMs", () => {
  it("waits one interval after a failure, doubling each time, capped at 6 hours", () => {
    expect(backoffDelayMs(1, 10 * MIN)).toBe(10 * MIN);
    expect(backoffDelayMs(2, 10 * MIN)).toBe(20 * MIN);
    expect(backoffDelayMs(3, 10 * MIN)).toBe(40 * MIN);
    expect(backoffDelayMs(6, 10 * MIN)).toBe(320 * MIN);
    expect(backoffDelayMs(7, 10 * MIN)).toBe(MAX_BACKOFF_MS);
    expect(backoffDelayMs(50, 10 * MIN)).toBe(6 * 60 * MIN);
  });

  it("waits at least as long as a Retry-After asks", () => {
    expect(backoffDelayMs(1, 10 * MIN, 30 * MIN)).toBe(30 * MIN);
    expect(backoffDelayMs(3, 10 * MIN, 5 * MIN)).toBe(40 * MIN);
    expect(backoffDelayMs(20, 10 * MIN, 12 * 60 * MIN)).toBe(12 * 60 * MIN);
  });
});

describe("jitteredIntervalMs", () => {
  it("stays within ±10% of the interval", () => {
    expect(jitteredIntervalMs(10 * MIN, () => 0)).toBe(9 * MIN);
    expect(jitteredIntervalMs(10 * MIN, () => 0.5)).toBe(10 * MIN);
    expect(jitteredIntervalMs(10 * MIN, () => 0.999999)).toBeLessThanOrEqual(11 * MIN);
  });
});

describe("isDue", () => {
  it("is due when never checked, when past, or within half an interval", () => {
    const now = Date.parse("2024-05-01T12:00:00Z");
    expect(isDue(undefined, now, 10 * MIN)).toBe(true);
    expect(isDue("2024-05-01T11:00:00Z", now, 10 * MIN)).toBe(true);
    expect(isDue("2024-05-01T12:04:00Z", now, 10 * MIN)).toBe(true);
    expect(isDue("2024-05-01T12:06:00Z", now, 10 * MIN)).toBe(false);
  });
});

describe("createLimiter", () => {
  it("runs at most `max` tasks at once and all of them eventually", async () => {
    const limiter = createLimiter(4);
    let running = 0;
    let peak = 0;
    let done = 0;
    const releases: (() => void)[] = [];
    const task = (value: number) =>
      limiter.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        done++;
        return value;
      });
    const tasks = Array.from({ length: 10 }, (_, i) => task(i));
    const extra: Promise<number>[] = [];
    for (let round = 0; round < 100 && done < 10 + extra.length; round++) {
      await new Promise((r) => setImmediate(r));
      expect(running).toBeLessThanOrEqual(4);
      // A newcomer arriving right after a release must not slip past the queue and exceed the limit.
      releases.shift()?.();
      if (extra.length < 3) extra.push(task(100 + extra.length));
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await Promise.all(extra)).toEqual([100, 101, 102]);
    expect(peak).toBe(4);
    expect(limiter.active).toBe(0);
  });

  it("frees the slot when a task fails", async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(async () => "next")).toBe("next");
    expect(limiter.active).toBe(0);
  });
});
