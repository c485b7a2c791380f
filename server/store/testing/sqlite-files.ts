/**
 * SQLite's file, damaged on purpose for the tests that are about it (a damaged news.db and
 * SQLite's integrity check have no PostgreSQL counterpart). Tests outside server/store/ reach the
 * driver through here, never directly.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { DATABASE_FILE, openDatabase } from "#server/store/sqlite/db.server.ts";

/**
 * Makes the store in `dataDir` (created when missing) fail SQLite's integrity check while it still
 * opens: an index's root page is scribbled over, as a torn write on a failing disk would leave it.
 * Returns the file.
 */
export function failIntegrityCheck(dataDir: string): string {
  const db = openDatabase(dataDir);
  let rootpage: number;
  let pageSize: number;
  try {
    db.exec("CREATE TABLE junk (a TEXT); CREATE INDEX junk_a ON junk (a);");
    const insert = db.prepare("INSERT INTO junk VALUES (?)");
    for (let i = 0; i < 2000; i++) insert.run(`${"x".repeat(50)}${i}`);
    ({ rootpage } = db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'junk_a'").get() as {
      rootpage: number;
    });
    ({ page_size: pageSize } = db.prepare("PRAGMA page_size").get() as { page_size: number });
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  const file = path.join(dataDir, DATABASE_FILE);
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, Buffer.alloc(100, 0x41), 0, 100, (rootpage - 1) * pageSize + 8);
  } finally {
    closeSync(fd);
  }
  return file;
}

/**
 * The SQLite store in `dataDir`: `table` renamed away by another connection (as if dropped), until
 * the returned function puts it back. Waits its turn for the write lock.
 */
export function renameSqliteTableAway(dataDir: string, table: string): () => void {
  const rename = (from: string, to: string) => {
    const db = openDatabase(dataDir);
    try {
      db.exec("PRAGMA busy_timeout = 10000");
      db.exec(`ALTER TABLE ${from} RENAME TO ${to}`);
    } finally {
      db.close();
    }
  };
  rename(table, `${table}_away`);
  return () => rename(`${table}_away`, table);
}
