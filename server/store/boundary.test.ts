import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe("the store's boundary", () => {
  it("keeps the database driver inside server/store/: everything else uses the store's interface", () => {
    const outside = ["app", "server", "scripts", "bench"]
      .flatMap(sources)
      .filter((file) => !file.startsWith(`server${path.sep}store${path.sep}`))
      .filter((file) => /from "node:sqlite"|DatabaseSync/.test(readFileSync(path.join(root, file), "utf8")));
    expect(outside).toEqual([]);
  });
});
