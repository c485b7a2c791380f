import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { failIntegrityCheck } from "#server/store/testing/sqlite-files.ts";
import {
  DATABASE_FILE,
  integrityProblems,
  migrate,
  openDatabase,
  schemaVersion,
  transaction,
} from "./db.server.ts";
import { createFeedStore } from "./feed-store.server.ts";
import { MIGRATIONS, type Migration } from "./migrations.server.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "store-db-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("openDatabase", () => {
  it("creates DATA_DIR and news.db, in WAL mode with foreign keys, at the latest schema", () => {
    const dir = join(tempDir(), "nested", "data");
    const db = openDatabase(dir);
    try {
      expect(existsSync(join(dir, DATABASE_FILE))).toBe(true);
      expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      expect(db.prepare("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
      expect((db.prepare("PRAGMA busy_timeout").get() as { timeout: number }).timeout).toBeGreaterThan(0);
      expect(schemaVersion(db)).toBe(MIGRATIONS.length);
      const tables = (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
      ).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(["feeds", "feed_sections", "articles", "articles_fts"]));
    } finally {
      db.close();
    }
  });

  it("opens an existing database without re-running migrations", () => {
    const dir = tempDir();
    openDatabase(dir).close();
    const db = openDatabase(dir);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });
});

describe("migrate", () => {
  const extra: Migration = {
    version: MIGRATIONS.length + 1,
    name: "newsletter subscribers",
    up: (db) => db.exec("CREATE TABLE subscribers (email TEXT PRIMARY KEY) STRICT"),
  };

  it("runs steps appended later, and only those", () => {
    const dir = tempDir();
    openDatabase(dir).close();
    const db = openDatabase(dir, { migrations: [...MIGRATIONS, extra] });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length + 1);
    db.prepare("INSERT INTO subscribers VALUES (?)").run("a@b.example");
    db.close();
  });

  it("rolls a failing step back entirely and names it", () => {
    const dir = tempDir();
    const broken: Migration = {
      version: MIGRATIONS.length + 1,
      name: "half done",
      up: (db) => {
        db.exec("CREATE TABLE half (x INTEGER)");
        db.exec("THIS IS NOT SQL");
      },
    };
    openDatabase(dir).close();
    expect(() => openDatabase(dir, { migrations: [...MIGRATIONS, broken] })).toThrow(
      `Migration ${MIGRATIONS.length + 1} ("half done") failed`,
    );
    const db = openDatabase(dir);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    db.close();
  });

  it("refuses versions out of order and a database newer than the code", () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    expect(() => migrate(db, [{ ...extra, version: 7 }])).toThrow(/expected 1/);
    db.exec("PRAGMA user_version = 99");
    expect(() => migrate(db, MIGRATIONS)).toThrow(/schema version 99, newer than this code/);
    db.close();
  });
});

describe("transaction", () => {
  it("commits on success and rolls back on a throw", () => {
    const db = openDatabase(tempDir());
    db.exec("CREATE TABLE t (x INTEGER)");
    transaction(db, () => db.prepare("INSERT INTO t VALUES (1)").run());
    expect(() =>
      transaction(db, () => {
        db.prepare("INSERT INTO t VALUES (2)").run();
        throw new Error("abort");
      }),
    ).toThrow("abort");
    expect(db.prepare("SELECT x FROM t").all()).toEqual([{ x: 1 }]);
    db.close();
  });
});

describe("the archive migration", () => {
  it("keeps the articles a version 3 database holds, one per (feed, guid), searchable", async () => {
    const dir = tempDir();
    const v3 = MIGRATIONS.filter((m) => m.version <= 3);
    let db = openDatabase(dir, { migrations: v3 });
    db.exec("INSERT INTO feeds (url) VALUES ('https://a.example/feed')");
    db.exec(
      "INSERT INTO feed_sections (feed_url, section, feed_index, feed_count, section_rank) VALUES ('https://a.example/feed', 'local', 0, 1, 0)",
    );
    const insert = db.prepare(
      `INSERT INTO articles (feed_url, position, guid, title, excerpt, content, link, published_at, dated, read_time)
       VALUES ('https://a.example/feed', ?, ?, ?, 'Solar excerpt', '', ?, '2026-01-01T00:00:00.000Z', 1, 1)`,
    );
    insert.run(0, "g1", "Solar farm opens", "https://a.example/1");
    insert.run(1, "g1", "Solar farm opens (repeat)", "https://a.example/1");
    insert.run(2, null, "No guid", "https://a.example/2");
    db.close();
    db = openDatabase(dir);
    try {
      expect(schemaVersion(db)).toBe(MIGRATIONS.length);
      const store = createFeedStore(db);
      expect((await store.items("https://a.example/feed")).map((i) => [i.position, i.title])).toEqual([
        [0, "Solar farm opens"],
        // Places among the feed's current items (the repeat is gone).
        [1, "No guid"],
      ]);
      expect((await store.search("solar", 10)).map((h) => h.item.title)).toEqual([
        "Solar farm opens",
        "No guid",
      ]);
      expect(integrityProblems(db)).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe("transaction on a full disk (13.4)", () => {
  it("throws SQLite's own error, never the failed ROLLBACK's, and leaves no transaction open", () => {
    const db = openDatabase(tempDir());
    db.exec("CREATE TABLE t (x TEXT)");
    const { page_count } = db.prepare("PRAGMA page_count").get() as { page_count: number };
    // The file may not grow: as on a full disk, the next write that needs a page fails.
    db.exec(`PRAGMA max_page_count = ${page_count}`);
    const insert = db.prepare("INSERT INTO t VALUES (?)");
    expect(() =>
      transaction(db, () => {
        for (let i = 0; i < 200; i++) insert.run("x".repeat(4000));
      }),
    ).toThrow(/database or disk is full/);
    expect(db.isTransaction).toBe(false);
    expect(db.prepare("SELECT COUNT(*) AS n FROM t").get()).toEqual({ n: 0 });
    db.close();
  });
});

describe("integrityProblems", () => {
  it("is empty for a sound database and names the damage in a broken one", () => {
    const dir = tempDir();
    let db = openDatabase(dir);
    expect(integrityProblems(db)).toEqual([]);
    db.close();
    // An index's root page scribbled over, as a torn write on a failing disk would leave it.
    failIntegrityCheck(dir);
    db = openDatabase(dir);
    try {
      expect(integrityProblems(db).join(" ")).toMatch(/malformed|corrupt|Page|btree/i);
    } finally {
      db.close();
    }
  });
});
