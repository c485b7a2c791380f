import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { newestBuildSource } from "./build-sources.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A tree whose files and folders all date from `at` (seconds), except those given later. */
function tree(files: string[], at: number): string {
  const root = mkdtempSync(path.join(tmpdir(), "build-sources-"));
  roots.push(root);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "x");
  }
  for (const file of [...files, ...files.map((f) => path.dirname(f)).filter((d) => d !== ".")])
    utimesSync(path.join(root, file), at, at);
  utimesSync(root, at, at);
  return root;
}

describe("newestBuildSource", () => {
  it("sees a change in domain/, package.json and the Vite config, not in a test or outside the sources", () => {
    const files = ["app/a.tsx", "domain/sections.ts", "package.json", "vite.config.ts", "docs/x.md"];
    const root = tree([...files, "domain/sections.test.ts"], 1_000);
    expect(newestBuildSource(root)).toBe(1_000_000);
    for (const file of ["domain/sections.ts", "package.json", "vite.config.ts"]) {
      utimesSync(path.join(root, file), 2_000, 2_000);
      expect(newestBuildSource(root), file).toBe(2_000_000);
      utimesSync(path.join(root, file), 1_000, 1_000);
    }
    utimesSync(path.join(root, "domain/sections.test.ts"), 3_000, 3_000);
    utimesSync(path.join(root, "docs/x.md"), 3_000, 3_000);
    expect(newestBuildSource(root)).toBe(1_000_000);
  });
});
