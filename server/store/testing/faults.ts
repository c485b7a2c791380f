/**
 * Database faults staged for the tests (the SQL stays in server/store/): another connection
 * holding PostgreSQL tables locked, a table renamed away.
 */
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { StoreLocation } from "#server/store/open.server.ts";
import { DATABASE_FILE } from "#server/store/sqlite/db.server.ts";
import { adminQuery } from "./scratch-schema.ts";

/** A lock another connection holds: `held()` until `release()`. */
export type HeldLock = { held(): boolean; release(): Promise<void> };

/**
 * A lock released by `release()` or after `maxMs` at the latest, so a test never waits forever on
 * a write with no bound of its own (held() then tells that it only went through once let go).
 */
export function heldUntil(release: () => Promise<void>, maxMs: number): HeldLock {
  let held = true;
  let released: Promise<void> | undefined;
  const letGo = () => {
    held = false;
    released ??= release();
    return released;
  };
  const timer = setTimeout(letGo, maxMs);
  return {
    held: () => held,
    release: () => {
      clearTimeout(timer);
      return letGo();
    },
  };
}

const tableName = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a table name: ${name}`);
  return name;
};

/**
 * PostgreSQL at `url`: another connection takes `tables` in ACCESS EXCLUSIVE mode (nobody else
 * reads or writes them) and keeps them until release(), or `maxMs` at the latest.
 */
export async function lockTables(url: string, tables: readonly string[], maxMs: number): Promise<HeldLock> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(`LOCK TABLE ${tables.map(tableName).join(", ")} IN ACCESS EXCLUSIVE MODE`);
  } catch (error) {
    await client.end();
    throw error;
  }
  return heldUntil(async () => {
    await client.query("ROLLBACK");
    await client.end();
  }, maxMs);
}

/** PostgreSQL at `url`: `table` renamed away (as if dropped) until the returned function puts it back. */
export async function renameTableAway(url: string, table: string): Promise<() => Promise<void>> {
  const name = tableName(table);
  const away = `${name}_away`;
  await adminQuery(url, `ALTER TABLE ${name} RENAME TO ${away}`);
  return async () => void (await adminQuery(url, `ALTER TABLE ${away} RENAME TO ${name}`));
}

/**
 * PostgreSQL at `url`: another connection holds the advisory lock on `hashtext(key)` (as one of
 * our own writes holds its turn) until release(), or `maxMs` at the latest.
 */
export async function holdAdvisoryLock(url: string, key: string, maxMs: number): Promise<HeldLock> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SELECT pg_advisory_lock(hashtext($1))", [key]);
  return heldUntil(async () => {
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [key]);
    await client.end();
  }, maxMs);
}

/**
 * The store at `location` held by another connection until release(), or `maxMs` at the latest:
 * on PostgreSQL `tables` locked (lockTables), on SQLite the file's write lock (every write waits).
 */
export async function lockStore(
  location: StoreLocation,
  tables: readonly string[],
  maxMs: number,
): Promise<HeldLock> {
  if (location.databaseUrl) return lockTables(location.databaseUrl, tables, maxMs);
  const db = new DatabaseSync(path.join(location.dataDir, DATABASE_FILE));
  db.exec("BEGIN EXCLUSIVE");
  return heldUntil(async () => {
    db.exec("ROLLBACK");
    db.close();
  }, maxMs);
}
