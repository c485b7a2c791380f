import { afterEach, describe, expect, it, vi } from "vitest";
import { withTimeout } from "./with-timeout.ts";

afterEach(() => void vi.useRealTimers());

describe("withTimeout", () => {
  it("gives the promise's outcome when it settles first, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    await expect(withTimeout(Promise.resolve(7), 1000, () => new Error("late"))).resolves.toBe(7);
    await expect(
      withTimeout(Promise.reject(new Error("own")), 1000, () => new Error("late")),
    ).rejects.toThrow("own");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with the caller's error once the time has passed", async () => {
    vi.useFakeTimers();
    const waiting = withTimeout(new Promise<never>(() => {}), 1000, () => new RangeError("late"));
    const outcome = expect(waiting).rejects.toBeInstanceOf(RangeError);
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
  });
});
