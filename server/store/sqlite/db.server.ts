import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { MIGRATIONS, type Migration } from "./migrations.server.ts";

export const DATABASE_FILE = "news.db";
const BUSY_TIMEOUT_MS = 5000;

export type OpenDatabaseOptions = {
  /** Defaults to the app's list; tests pass their own to exercise the runner. */
  migrations?: readonly Migration[];
};

/**
 * Opens (creating when needed) DATA_DIR/news.db: WAL so page reads never wait on a feed refresh's
 * write, a busy timeout so the CLI and the server can share the file, foreign keys on, and the
 * schema migrated to the latest version.
 */
export function openDatabase(dataDir: string, options: OpenDatabaseOptions = {}): DatabaseSync {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE), {
    enableForeignKeyConstraints: true,
    timeout: BUSY_TIMEOUT_MS,
  });
  try {
    db.exec(
      `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`,
    );
    db.exec("PRAGMA foreign_keys = ON;");
    migrate(db, options.migrations ?? MIGRATIONS);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare("PRAGMA user_version").get() as { user_version: number } | undefined;
  return row?.user_version ?? 0;
}

/** Runs the pending migrations in order, each in its own transaction with its version bump. */
export function migrate(db: DatabaseSync, migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`Migration "${m.name}" has version ${m.version}; expected ${i + 1}`);
  });
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new Error(
      `The database is at schema version ${current}, newer than this code knows (${migrations.length})`,
    );
  }
  for (const m of migrations.slice(current)) {
    try {
      transaction(db, () => {
        m.up(db);
        // PRAGMA takes no bound parameters; the version is an integer we control.
        db.exec(`PRAGMA user_version = ${m.version}`);
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${m.version} ("${m.name}") failed: ${reason}`, { cause: error });
    }
  }
}

/**
 * Runs `fn` in one write transaction (BEGIN IMMEDIATE takes the write lock up front, so two writers
 * wait on busy_timeout instead of failing mid-way). Rolls back when `fn` throws.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    // SQLite ends the transaction itself on some errors (disk full, I/O): then there is nothing to
    // roll back, and a failing ROLLBACK must never hide the error that caused it.
    if (db.isTransaction) {
      try {
        db.exec("ROLLBACK");
      } catch {
        // the original error is the one worth reporting
      }
    }
    throw error;
  }
}

/**
 * SQLite's own consistency check of every table and index: [] when the file is sound, else
 * the problems it reports (for the fault tests and for operators after a crash). A file too
 * damaged to check at all reports why.
 */
export function integrityProblems(db: DatabaseSync): string[] {
  try {
    const rows = db.prepare("PRAGMA integrity_check").all() as Array<{ integrity_check: string }>;
    const messages = rows.map((r) => r.integrity_check);
    return messages.length === 1 && messages[0] === "ok" ? [] : messages;
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}
