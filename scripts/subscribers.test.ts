import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../server/store/db.server.ts";
import { addSubscriber } from "../server/store/subscribers.server.ts";

// Each case starts Node processes: give a loaded machine room (behaviour, never timing).
vi.setConfig({ testTimeout: 30_000 });

const dir = mkdtempSync(path.join(tmpdir(), "subs-cli-"));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/subscribers.ts", ...args], {
    env: { ...process.env, DATA_DIR: dir },
    encoding: "utf8",
  });

describe("subscribers CLI", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists the newsletter's addresses, as text or JSON", () => {
    expect(run("list").stdout).toBe("No subscribers yet.\n");
    const db = openDatabase(dir);
    addSubscriber(db, "a@example.com", new Date("2026-01-01T00:00:00Z"));
    db.close();
    expect(run("list").stdout).toBe("1 subscriber\na@example.com\t2026-01-01T00:00:00.000Z\n");
    expect(
      JSON.parse(
        execFileSync(process.execPath, ["scripts/subscribers.ts", "list", "--json"], {
          env: { ...process.env, DATA_DIR: dir },
          encoding: "utf8",
        }),
      ),
    ).toEqual([{ email: "a@example.com", createdAt: "2026-01-01T00:00:00.000Z" }]);
  });

  it("explains its usage on a bad command", () => {
    const r = run("delete");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("npm run -s subscribers -- list [--json]");
  });
});
