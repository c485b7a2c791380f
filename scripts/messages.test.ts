import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../server/store/db.server.ts";
import { insertMessage } from "../server/store/messages.server.ts";

// Each case starts Node processes: give a loaded machine room (behaviour, never timing).
vi.setConfig({ testTimeout: 30_000 });

const script = path.join(import.meta.dirname, "messages.ts");
let dir: string;

function run(...args: string[]) {
  return execFileSync(process.execPath, [script, ...args], {
    env: { ...process.env, DATA_DIR: dir },
    encoding: "utf8",
  });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "messages-cli-"));
  const db = openDatabase(dir);
  insertMessage(
    db,
    { name: "Ada", email: "ada@example.com", category: "news-tip", subject: "Tip", message: "First" },
    new Date("2025-03-01T09:30:00Z"),
  );
  insertMessage(
    db,
    { name: 'Bo "B", Jr', email: "bo@example.com", subject: "=cmd", message: "line 1\nline 2" },
    new Date("2025-03-02T09:30:00Z"),
  );
  db.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run messages", () => {
  it("lists messages newest first, readably", () => {
    const out = run("list");
    expect(out).toContain("2 messages, newest first");
    expect(out.indexOf("#2")).toBeLessThan(out.indexOf("#1"));
    expect(out).toContain("#1  2025-03-01 09:30 UTC  news-tip");
    expect(out).toContain("From:    Ada <ada@example.com>");
    expect(out).toContain("    line 1\n    line 2");
  });

  it("lists them as JSON", () => {
    const list = JSON.parse(run("list", "--json"));
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: 2,
      createdAt: "2025-03-02T09:30:00.000Z",
      name: 'Bo "B", Jr',
      email: "bo@example.com",
      category: null,
      subject: "=cmd",
      message: "line 1\nline 2",
    });
  });

  it("exports CSV with proper quoting", () => {
    expect(run("export", "--csv")).toBe(
      "id,created_at,name,email,category,subject,message\r\n" +
        '2,2025-03-02T09:30:00.000Z,"Bo ""B"", Jr",bo@example.com,,\'=cmd,"line 1\nline 2"\r\n' +
        "1,2025-03-01T09:30:00.000Z,Ada,ada@example.com,news-tip,Tip,First\r\n",
    );
  });

  it("explains its usage on a wrong command or option", () => {
    for (const args of [[], ["delete"], ["export"], ["list", "--xml"]]) {
      const result = spawnSync(process.execPath, [script, ...args], {
        env: { ...process.env, DATA_DIR: dir },
        encoding: "utf8",
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("npm run -s messages -- list [--json]");
    }
  });

  it("says so when there are no messages", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "messages-cli-empty-"));
    try {
      const out = execFileSync(process.execPath, [script, "list"], {
        env: { ...process.env, DATA_DIR: empty },
        encoding: "utf8",
      });
      expect(out).toBe("No messages yet.\n");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
