import { describe, expect, it } from "vitest";
import { createThrottle, isDeadOwner, retryDelayMs } from "./sender.server.ts";

describe("the sender's rules", () => {
  it("backs off 30 s, 1, 2, 4 … minutes, at most an hour, ±20%: the first retry within a minute", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelayMs(n, middle))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 0.999_999)).toBeLessThanOrEqual(36_000);
  });

  it("throttles to `rate` starts a second, evenly; 0 is no limit", async () => {
    let clock = 0;
    const waits: number[] = [];
    const realTimeout = globalThis.setTimeout;
    // Record the waits instead of sleeping them.
    globalThis.setTimeout = ((fn: () => void, ms: number) => {
      waits.push(ms);
      clock += ms;
      fn();
      return 0;
    }) as unknown as typeof setTimeout;
    try {
      const take = createThrottle(4, () => clock);
      for (let i = 0; i < 5; i++) await take();
      expect(waits).toEqual([250, 250, 250, 250]);
      const free = createThrottle(0, () => clock);
      for (let i = 0; i < 5; i++) await free();
      expect(waits).toHaveLength(4);
    } finally {
      globalThis.setTimeout = realTimeout;
    }
  });

  it("knows a dead sender on this host by its pid, and a restarted one with our own pid by its nonce", () => {
    const self = "host-a:100:aaaa";
    const alive = (pid: number) => pid === 200;
    expect(isDeadOwner("host-a:300:bbbb", self, alive)).toBe(true);
    expect(isDeadOwner("host-a:200:bbbb", self, alive)).toBe(false);
    expect(isDeadOwner("host-a:100:cccc", self, alive)).toBe(true);
    expect(isDeadOwner(self, self, alive)).toBe(false);
    // Another host's processes are not ours to judge: their claims lapse with their lease.
    expect(isDeadOwner("host-b:300:bbbb", self, alive)).toBe(false);
  });
});
