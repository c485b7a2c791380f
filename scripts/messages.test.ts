import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";

// Each case starts node processes: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const script = path.join(import.meta.dirname, "messages.ts");

/** The CLI's output on the store `t` (DATA_DIR or DATABASE_URL, as the server would be given). */
function runOn(t: TestStore, ...args: string[]) {
  return execFileSync(process.execPath, [script, ...args], {
    env: { ...process.env, ...t.env },
    encoding: "utf8",
  });
}

describe("npm run messages", () => {
  it("explains its usage on a wrong command or option", () => {
    for (const args of [[], ["delete"], ["export"], ["list", "--xml"]]) {
      const result = spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("npm run -s messages -- list [--json]");
    }
  });
});

describe.each(await storeKinds())("npm run messages on %s (DATABASE_URL or DATA_DIR)", (kind) => {
  let t: TestStore;
  const run = (...args: string[]) => runOn(t, ...args);

  beforeAll(async () => {
    t = await openTestStore(kind);
    await t.store.messages.insert(
      { name: "Ada", email: "ada@example.com", category: "news-tip", subject: "Tip", message: "First" },
      new Date("2025-03-01T09:30:00Z"),
    );
    await t.store.messages.insert(
      { name: 'Bo "B", Jr', email: "bo@example.com", subject: "=cmd", message: "line 1\nline 2" },
      new Date("2025-03-02T09:30:00Z"),
    );
  });
  afterAll(() => t?.dispose());

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

  it("says so when there are no messages", async () => {
    const empty = await openTestStore(kind);
    try {
      expect(runOn(empty, "list")).toBe("No messages yet.\n");
    } finally {
      await empty.dispose();
    }
  });

  it("never passes a message's terminal escapes to the terminal, in any format", async () => {
    const hostile = await openTestStore(kind);
    try {
      await hostile.store.messages.insert({
        name: "Eve\u001b[2J",
        email: "eve@example.com",
        subject: "Hi\u001b]52;c;ZWNobyBwd25lZA==\u0007",
        message: "clear\u001b[H\u001b[2J\nnext line\twith tab \u009b31m C1",
      });
      for (const args of [["list"], ["list", "--json"], ["export", "--csv"]]) {
        const out = runOn(hostile, ...args);
        // CSV ends its records with CRLF; nothing else of that kind may get through.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
        expect(out, args.join(" ")).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
        expect(out, args.join(" ")).toContain("next line");
      }
      const text = runOn(hostile, "list");
      expect(text).toContain("From:    Eve\\x1B[2J <eve@example.com>");
      expect(text).toContain("Subject: Hi\\x1B]52;c;ZWNobyBwd25lZA==\\x07");
      expect(text).toContain("    clear\\x1B[H\\x1B[2J\n    next line\twith tab \\x9B31m C1");
    } finally {
      await hostile.dispose();
    }
  });

  it("shows a newline in a one-line field as \\x0A, so a writer cannot forge a header line", async () => {
    const forged = await openTestStore(kind);
    try {
      // The form accepts newlines in the name and subject (the message keeps its lines).
      await forged.store.messages.insert({
        name: "Mallory\nSubject: Your password",
        email: "mallory@example.com",
        subject: "Hello\r\n  From: Editor <editor@example.com>",
        message: "body",
      });
      const text = runOn(forged, "list");
      expect(text).toContain("From:    Mallory\\x0ASubject: Your password <mallory@example.com>");
      expect(text).toContain("Subject: Hello\\x0D\\x0A  From: Editor <editor@example.com>");
      // Exactly one From: and one Subject: line begin the block.
      expect(text.match(/^\s*Subject:/gm)).toHaveLength(1);
      expect(text.match(/^\s*From:/gm)).toHaveLength(1);
    } finally {
      await forged.dispose();
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
