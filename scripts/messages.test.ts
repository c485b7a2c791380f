import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../server/store/db.server.ts";
import { insertMessage } from "../server/store/messages.server.ts";
import { openTestStore, storeKinds } from "../server/store/testing/stores.ts";

// Each case starts node processes: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 60_000 });

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

  it("never passes a message's terminal escapes to the terminal, in any format", () => {
    const hostile = mkdtempSync(path.join(tmpdir(), "messages-cli-esc-"));
    try {
      const db = openDatabase(hostile);
      insertMessage(db, {
        name: "Eve\u001b[2J",
        email: "eve@example.com",
        subject: "Hi\u001b]52;c;ZWNobyBwd25lZA==\u0007",
        message: "clear\u001b[H\u001b[2J\nnext line\twith tab \u009b31m C1",
      });
      db.close();
      for (const args of [["list"], ["list", "--json"], ["export", "--csv"]]) {
        const out = execFileSync(process.execPath, [script, ...args], {
          env: { ...process.env, DATA_DIR: hostile },
          encoding: "utf8",
        });
        // CSV ends its records with CRLF; nothing else of that kind may get through.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
        expect(out, args.join(" ")).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
        expect(out, args.join(" ")).toContain("next line");
      }
      const text = execFileSync(process.execPath, [script, "list"], {
        env: { ...process.env, DATA_DIR: hostile },
        encoding: "utf8",
      });
      expect(text).toContain("From:    Eve\\x1B[2J <eve@example.com>");
      expect(text).toContain("Subject: Hi\\x1B]52;c;ZWNobyBwd25lZA==\\x07");
      expect(text).toContain("    clear\\x1B[H\\x1B[2J\n    next line\twith tab \\x9B31m C1");
    } finally {
      rmSync(hostile, { recursive: true, force: true });
    }
  });
});

describe.each(await storeKinds())("npm run messages on %s (DATABASE_URL or DATA_DIR)", (kind) => {
  it("lists and exports the messages of the store the server uses", async () => {
    const t = await openTestStore(kind);
    try {
      await t.store.messages.insert(
        { name: "Ada", email: "ada@example.com", category: "news-tip", subject: "Tip", message: "First" },
        new Date("2025-03-01T09:30:00Z"),
      );
      await t.store.messages.insert(
        { name: "Bo", email: "bo@example.com", subject: "Later", message: "Second" },
        new Date("2025-03-02T09:30:00Z"),
      );
      const env = { ...process.env, ...t.env };
      const list = JSON.parse(
        execFileSync(process.execPath, [script, "list", "--json"], { env, encoding: "utf8" }),
      );
      expect(list.map((m: { id: number; subject: string }) => [m.id, m.subject])).toEqual([
        [2, "Later"],
        [1, "Tip"],
      ]);
      expect(execFileSync(process.execPath, [script, "export", "--csv"], { env, encoding: "utf8" })).toBe(
        "id,created_at,name,email,category,subject,message\r\n" +
          "2,2025-03-02T09:30:00.000Z,Bo,bo@example.com,,Later,Second\r\n" +
          "1,2025-03-01T09:30:00.000Z,Ada,ada@example.com,news-tip,Tip,First\r\n",
      );
    } finally {
      await t.dispose();
    }
  });
});

describe("npm run messages with a PostgreSQL that cannot be reached", () => {
  it("says so in one line, without the password, and exits 1", () => {
    const result = spawnSync(process.execPath, [script, "list"], {
      env: { ...process.env, DATABASE_URL: "postgres://evnews:s3cret@127.0.0.1:4389/evnews" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^The PostgreSQL database postgres:\/\/evnews:\*\*\*@127\.0\.0\.1:4389\/evnews cannot be reached \(.*ECONNREFUSED.*\)\. Start PostgreSQL, or set DATABASE_URL to a server this machine can reach\.$/,
    );
    expect(result.stderr).not.toContain("s3cret");
  });
});
