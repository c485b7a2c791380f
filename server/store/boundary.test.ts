import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Tests and their support (files under a testing/ folder), as scripts/lib/import-graph.ts counts them. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes("testing");

function files(dir: string, tests: boolean): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .filter((e) => !e.parentPath.split(path.sep).includes("node_modules"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((file) => isTest(file) === tests);
}
const sources = (dir: string) => files(dir, false);
const tests = (dir: string) => files(dir, true);
const outsideStore = (file: string) => !file.startsWith(`server${path.sep}store${path.sep}`);

describe("the store's boundary", () => {
  // What the rest of the code may import of the store.
  const INTERFACE = new Set(["store.ts", "feed-store.ts", "open.server.ts"]);
  // Both drivers: node:sqlite and pg (PostgreSQL), imported statically or dynamically.
  const DRIVER = /from "node:sqlite"|DatabaseSync|from "pg(?:\/[^"]*)?"|import\("pg"\)|require\("pg"\)/;

  it("keeps the database drivers inside server/store/: everything else uses the store's interface", () => {
    const outside = ["domain", "app", "server", "scripts", "bench"]
      .flatMap(sources)
      .filter((file) => !file.startsWith(`server${path.sep}store${path.sep}`))
      .filter((file) => DRIVER.test(readFileSync(path.join(root, file), "utf8")));
    expect(outside).toEqual([]);
  });

  it("is reached through its interface only: store.ts, feed-store.ts and open.server.ts (benches: testing/)", () => {
    const reached = ["domain", "app", "server", "scripts", "bench"]
      .flatMap(sources)
      .filter((file) => !file.startsWith(`server${path.sep}store${path.sep}`))
      .flatMap((file) =>
        [...readFileSync(path.join(root, file), "utf8").matchAll(/from "([^"]*\/store\/[^"]+)"/g)].map(
          (m) => `${file}: ${m[1]}`,
        ),
      )
      .filter((use) => {
        const inStore = use.slice(use.lastIndexOf("/store/") + "/store/".length);
        return (
          !INTERFACE.has(inStore) && !(use.startsWith(`bench${path.sep}`) && inStore.startsWith("testing/"))
        );
      });
    expect(reached).toEqual([]);
  });

  it("holds for the tests outside server/store/ too: the interface and testing/, never a driver", () => {
    // An import statement (not an import written inside a test's string), static or dynamic.
    const STORE_IMPORT =
      /^\s*(?:import|export)\b[^;]*?\bfrom "([^"]*\/store\/[^"]+)"|\bimport\("([^"]*\/store\/[^"]+)"\)/gm;
    const problems = ["domain", "app", "server", "scripts", "bench"]
      .flatMap(tests)
      .filter(outsideStore)
      .flatMap((file) => {
        const text = readFileSync(path.join(root, file), "utf8");
        const reached = [...text.matchAll(STORE_IMPORT)]
          .map((m) => m[1] ?? m[2] ?? "")
          .map((use) => use.slice(use.lastIndexOf("/store/") + "/store/".length))
          .filter((inStore) => !INTERFACE.has(inStore) && !inStore.startsWith("testing/"))
          .map((inStore) => `${file}: store/${inStore}`);
        return DRIVER.test(text) ? [...reached, `${file}: a database driver`] : reached;
      });
    expect(problems).toEqual([]);
  });

  it("recognises either driver's import", () => {
    for (const line of [
      'import { DatabaseSync } from "node:sqlite";',
      'import pg from "pg";',
      'import type { Pool } from "pg";',
      'const { Pool } = await import("pg");',
    ]) {
      expect(DRIVER.test(line), line).toBe(true);
    }
    expect(DRIVER.test('import { x } from "pg-boss";')).toBe(false);
  });
});
