import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });

const script = path.join(import.meta.dirname, "publications.ts");
const dir = mkdtempSync(path.join(tmpdir(), "pubs-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function folder(slug: string, text: string) {
  mkdirSync(path.join(dir, slug), { recursive: true });
  writeFileSync(path.join(dir, slug, "publication.json"), text);
}

const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], {
    encoding: "utf8",
    env: { ...process.env, PUBLICATIONS_DIR: "" },
  });

describe("npm run publications", () => {
  it("check: passes a sound directory, names each refused folder with its reason, and exits 1", () => {
    folder(
      "harbour",
      JSON.stringify({
        name: "Harbour Courier",
        tagline: "The bay",
        hosts: ["harbour.localhost"],
        feeds: {
          local: ["https://a.example/feed"],
          world: ["https://a.example/feed", "https://b.example/feed"],
        },
      }),
    );
    const good = run("check", dir);
    expect(good.status).toBe(0);
    expect(good.stdout).toContain("1 publication(s) valid, 0 refused; 2 distinct feed URL(s)");

    folder("no-feeds", JSON.stringify({ name: "X", tagline: "Y", hosts: ["x.localhost"] }));
    const bad = run("check", dir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('no-feeds: "feeds" is missing');
    expect(bad.stdout).toContain("1 publication(s) valid, 1 refused");

    const list = run("list", dir);
    expect(list.stdout).toContain("harbour\tHarbour Courier\tharbour.localhost\t2 sections\t2 feeds");
  });

  it("explains its usage, and a directory it cannot read", () => {
    expect(run().status).toBe(2);
    expect(run("check").stderr).toContain("No directory");
    const missing = run("check", path.join(dir, "nowhere"));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("cannot read the directory (ENOENT)");
  });
});
