import { describe, expect, it } from "vitest";
import { isCi } from "./stores.ts";

describe("isCi", () => {
  it("takes any truthy CI as CI, so an unreachable PostgreSQL fails there instead of being skipped", () => {
    for (const value of ["true", "1", "TRUE", "yes", "github-actions"]) expect(isCi(value), value).toBe(true);
    // (Not undefined: that reads this process's own CI, which is set when CI runs this test.)
    for (const value of ["", "0", "false", "False", " "]) expect(isCi(value), value).toBe(false);
  });
});
