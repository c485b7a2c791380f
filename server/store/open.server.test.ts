import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  openServerStore,
  openStore,
  postgresOpenMessage,
  StoreOpenError,
  serverStoreReady,
  storeOpenMessage,
  warnIfUnsound,
} from "./open.server.ts";
import { failIntegrityCheck } from "./testing/sqlite-files.ts";
import { openTestStore, storeKinds } from "./testing/stores.ts";

const kinds = await storeKinds();

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "open-store-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const quiet = { warn: () => {} };

function failure(dataDir: string): StoreOpenError {
  try {
    void openServerStore(dataDir, quiet).store.close();
  } catch (error) {
    return error as StoreOpenError;
  }
  throw new Error("opened");
}

// SQLite only: a file in DATA_DIR (damaged, misplaced, failing SQLite's integrity check) has no PostgreSQL counterpart.
describe("openServerStore on SQLite (DATA_DIR)", () => {
  it("a file that is not a database: one line naming the file and what to do", () => {
    writeFileSync(path.join(dir, "news.db"), "this is not a database, just some text ".repeat(200));
    const error = failure(dir);
    expect(error).toBeInstanceOf(StoreOpenError);
    expect(error.message).not.toContain("\n");
    expect(error.message).toContain(path.join(dir, "news.db"));
    expect(error.message).toMatch(/damaged .*Move it aside or restore a backup/);
  });

  it("a DATA_DIR that is not a usable directory names the variable", () => {
    const notADir = path.join(dir, "file");
    writeFileSync(notADir, "x");
    const error = failure(notADir);
    expect(error.message).not.toContain("\n");
    expect(error.message).toContain("DATA_DIR");
    expect(error.message).toContain(path.join(notADir, "news.db"));
    // news.db that is a directory
    mkdirSync(path.join(dir, "other", "news.db"), { recursive: true });
    expect(failure(path.join(dir, "other")).message).toMatch(/cannot be opened .*DATA_DIR/);
  });

  it("opens a store that fails the integrity check, with a warning that says what to do", async () => {
    const file = failIntegrityCheck(dir);
    const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const { store } = openServerStore(dir, {
      warn: (obj: object, msg?: string) =>
        warnings.push({ obj: obj as Record<string, unknown>, msg: msg ?? "" }),
    });
    await store.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.obj.file).toBe(file);
    expect(warnings[0]?.msg).toMatch(
      /fails SQLite's integrity check: .*move the file aside or restore a backup/,
    );
  });

  it("a read-only store or directory says to give write access", () => {
    const message = storeOpenMessage(
      "/srv/news",
      Object.assign(new Error("EROFS: read-only file system, mkdir '/srv/news'"), { code: "EROFS" }),
    );
    expect(message).toBe(
      "The data store /srv/news/news.db cannot be written (EROFS: read-only file system, mkdir '/srv/news'). Give this user write access to it and to DATA_DIR (/srv/news), or set DATA_DIR to a writable directory.",
    );
    expect(storeOpenMessage("/srv/news", new Error("attempt to write a readonly database"))).toMatch(
      /^The data store \/srv\/news\/news\.db cannot be written/,
    );
  });
});

describe.each(kinds)("openServerStore on %s", (kind) => {
  it("opens a sound store silently", async () => {
    const t = await openTestStore(kind);
    const warnings: unknown[] = [];
    const log = { warn: (o: object) => warnings.push(o) };
    const { store } = openServerStore(t.location, log);
    try {
      await serverStoreReady(store, t.location);
      // The check openServerStore started in the background, awaited (PostgreSQL answers later).
      await warnIfUnsound(store, t.location, log);
    } finally {
      await store.close();
      await t.dispose();
    }
    expect(warnings).toEqual([]);
  });

  it("says what the store can do: its kind, whether processes share it, its job queue and page notices", async () => {
    const t = await openTestStore(kind);
    const opened = openStore(t.location);
    try {
      expect(opened.kind).toBe(kind);
      expect(opened.location).toBe(t.location);
      expect(opened.shared).toBe(kind === "postgres");
      expect(opened.jobQueue).toEqual(
        kind === "postgres" ? { connectionString: t.location.databaseUrl } : undefined,
      );
      const changes = opened.listenForPageChanges({ onChange: () => {}, onError: () => {} });
      expect(changes === undefined).toBe(kind === "sqlite");
      await changes?.close();
      await opened.announcePageChanges(["local"]);
    } finally {
      await opened.store.close();
      await t.dispose();
    }
  });
});

describe("a PostgreSQL store that cannot be used (DATABASE_URL)", () => {
  const url = "postgres://evnews:s3cret@127.0.0.1:4389/evnews";

  it("one line by the kind of failure, never the password", () => {
    const cases: Array<[Error & { code?: string }, RegExp]> = [
      [
        Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:4389"), { code: "ECONNREFUSED" }),
        /cannot be reached \(connect ECONNREFUSED 127\.0\.0\.1:4389\)\. Start PostgreSQL/,
      ],
      [
        Object.assign(new Error('password authentication failed for user "evnews"'), { code: "28P01" }),
        /refuses this connection .*Check DATABASE_URL's user, password and database name/,
      ],
      [
        new Error(
          'Migration 1 ("feeds, articles and article search") failed: permission denied for schema public',
        ),
        /cannot be migrated .*needs to own the database or have CREATE/,
      ],
    ];
    for (const [error, expected] of cases) {
      const message = postgresOpenMessage(url, error);
      expect(message).toMatch(
        /^The PostgreSQL database postgres:\/\/evnews:\*\*\*@127\.0\.0\.1:4389\/evnews /,
      );
      expect(message).toMatch(expected);
      expect(message).not.toContain("s3cret");
      expect(message).not.toContain("\n");
    }
  });

  it("a database the check finds not as this code expects: a warning without the password", async () => {
    const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    await warnIfUnsound(
      { integrityProblems: async () => ["schema version 9, expected 8"] },
      { dataDir: "", databaseUrl: url },
      {
        warn: (obj: object, msg?: string) =>
          warnings.push({ obj: obj as Record<string, unknown>, msg: msg ?? "" }),
      },
    );
    expect(warnings).toEqual([
      {
        obj: {
          database: "postgres://evnews:***@127.0.0.1:4389/evnews",
          problems: ["schema version 9, expected 8"],
        },
        msg: expect.stringMatching(
          /not as this code expects: check that every process runs the same version/,
        ),
      },
    ]);
  });

  it("the server's store reports it as a StoreOpenError when it cannot connect", async () => {
    const { store } = openServerStore({ dataDir: dir, databaseUrl: url }, quiet);
    const error = await serverStoreReady(store, { dataDir: dir, databaseUrl: url }).catch((e: unknown) => e);
    await store.close();
    expect(error).toBeInstanceOf(StoreOpenError);
    expect((error as Error).message).toMatch(/cannot be reached/);
  });
});

// SQLite only: DATA_DIR (a file, or a damaged news.db) is the SQLite store's setting.
describe("node server.ts with an unusable DATA_DIR", () => {
  /** The production entry, its exit code and stderr lines, with the app from the sources. */
  function startServer(dataDir: string): Promise<{ code: number | null; stderr: string[] }> {
    const root = path.resolve(import.meta.dirname, "../..");
    // server.ts loads the app from BUILD_DIR/server/index.js; unit tests have no build, so that
    // module re-exports the sources the build is made from (the same createApp).
    const build = path.join(dir, "build");
    mkdirSync(path.join(build, "server"), { recursive: true });
    writeFileSync(
      path.join(build, "server", "index.js"),
      `export * from ${JSON.stringify(path.join(root, "server", "app.ts"))};\n`,
    );
    const env = { ...process.env, NODE_ENV: "production", BUILD_DIR: build, DATA_DIR: dataDir, PORT: "1" };
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [path.join(root, "server.ts")],
        { env, timeout: 20_000 },
        (error, _out, err) => {
          const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
          resolve({ code, stderr: err.split("\n").filter((line) => line !== "") });
        },
      );
    });
  }

  it("exits 1 with one line naming the file, for a file where the directory should be or a damaged news.db", {
    timeout: 30_000,
  }, async () => {
    const notADir = path.join(dir, "file");
    writeFileSync(notADir, "x");
    const damaged = path.join(dir, "damaged");
    mkdirSync(damaged);
    writeFileSync(path.join(damaged, "news.db"), "this is not a database, just some text ".repeat(200));
    const [a, b] = await Promise.all([startServer(notADir), startServer(damaged)]);
    expect(a).toEqual({ code: 1, stderr: [expect.stringContaining(path.join(notADir, "news.db"))] });
    expect(a.stderr[0]).toContain("DATA_DIR");
    expect(b).toEqual({ code: 1, stderr: [expect.stringContaining(path.join(damaged, "news.db"))] });
    expect(b.stderr[0]).toMatch(/damaged .*Move it aside or restore a backup/);
  });
});
