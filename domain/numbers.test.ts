import { describe, expect, it } from "vitest";
import { formatCount } from "./numbers.ts";

describe("formatCount", () => {
  it("groups digits the way en-US toLocaleString does", () => {
    for (const n of [0, 7, 999, 1000, 12_400, 123_456, 1_000_000, 98_765_432, -4200]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});
