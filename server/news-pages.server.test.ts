import { describe, expect, it } from "vitest";
import { LoadTimeoutError, settleBriefly, withDeadline } from "./news-pages.server.ts";

describe("settleBriefly", () => {
  it("gives the value of a promise that settles at once", async () => {
    expect(await settleBriefly(Promise.resolve(5))).toEqual({ done: true, value: 5 });
  });

  it("gives back a promise that is still waiting", async () => {
    const slow = new Promise<number>((r) => setTimeout(() => r(7), 50));
    const result = await settleBriefly(slow);
    expect(result.done).toBe(false);
    if (!result.done) expect(await result.promise).toBe(7);
  });

  it("rethrows a promise that failed at once", async () => {
    await expect(settleBriefly(Promise.reject(new Error("store down")))).rejects.toThrow("store down");
  });
});

describe("withDeadline", () => {
  it("passes a prompt answer through", async () => {
    expect(await withDeadline(Promise.resolve("ok"), 50)).toBe("ok");
  });

  it("gives up on a slow one with a LoadTimeoutError", async () => {
    await expect(withDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(LoadTimeoutError);
  });
});
