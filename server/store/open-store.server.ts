import { openStore, redactUrl, type StoreLocation, sqliteFileIn } from "./open.server.ts";
import type { Store } from "./store.ts";

/** The data store cannot be used; the message is one line naming the store and what to do. */
export class StoreOpenError extends Error {
  override name = "StoreOpenError";
}

function reasonOf(error: unknown): { code: string; text: string } {
  const e = error as { code?: string; errcode?: number; errstr?: string; message?: string };
  const text = (e.message ?? String(error)).split("\n")[0] ?? "";
  return { code: e.code ?? "", text };
}

/** What an operator should do about a store that cannot be opened, by the kind of failure. */
export function storeOpenMessage(dataDir: string, error: unknown): string {
  const file = sqliteFileIn(dataDir);
  const { code, text } = reasonOf(error);
  if (/not a database|malformed|corrupt/i.test(text))
    return `The data store ${file} is damaged (${text}). Move it aside or restore a backup, then start again: a new store is created and refilled from the feeds (DATA_DIR=${dataDir}).`;
  if (/readonly|read-only|EROFS|EACCES|EPERM/i.test(`${code} ${text}`))
    return `The data store ${file} cannot be written (${text}). Give this user write access to it and to DATA_DIR (${dataDir}), or set DATA_DIR to a writable directory.`;
  return `The data store ${file} cannot be opened (${text}). Check that DATA_DIR (${dataDir}) is a writable directory, or set DATA_DIR to one.`;
}

/** The same for PostgreSQL (DATABASE_URL), by the kind of failure; the password is never shown. */
export function postgresOpenMessage(databaseUrl: string, error: unknown): string {
  const db = `The PostgreSQL database ${redactUrl(databaseUrl)}`;
  const { code, text } = reasonOf(error);
  const reason = text.replaceAll(databaseUrl, redactUrl(databaseUrl));
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|timeout/i.test(`${code} ${reason}`))
    return `${db} cannot be reached (${reason}). Start PostgreSQL, or set DATABASE_URL to a server this machine can reach.`;
  if (code === "28P01" || code === "28000" || code === "3D000")
    return `${db} refuses this connection (${reason}). Check DATABASE_URL's user, password and database name (docs/operations.md, PostgreSQL).`;
  if (/^Migration \d+/.test(reason) || code === "42501")
    return `${db} cannot be migrated (${reason}). The user in DATABASE_URL needs to own the database or have CREATE on its schema (docs/operations.md, PostgreSQL).`;
  return `${db} cannot be used (${reason}). Check DATABASE_URL (docs/operations.md, PostgreSQL).`;
}

/** Where a warning goes: the server's logger (the store does not import it: it is the bottom layer). */
type WarnLog = { warn(details: object, message: string): void };

const asLocation = (where: string | StoreLocation): StoreLocation =>
  typeof where === "string" ? { dataDir: where } : where;

/**
 * Opens the server's store (SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL is set): a store
 * that cannot be opened is a StoreOpenError (the server prints its one line and exits; on
 * PostgreSQL through serverStoreReady), and one that fails the database's check is opened anyway
 * (pages read what they can) with a warning that says what to do.
 */
export function openServerStore(where: string | StoreLocation, log: WarnLog): Store {
  const location = asLocation(where);
  let store: Store;
  try {
    // Readers wait a bounded time for the database (PostgreSQL; see openStore).
    store = openStore(location, { forRequests: true });
  } catch (error) {
    throw new StoreOpenError(storeOpenMessage(location.dataDir, error), { cause: error });
  }
  void warnIfUnsound(store, location, log);
  return store;
}

/**
 * Logs a warning that says what to do when the database's own check finds the store unsound
 * (openServerStore runs it in the background; resolves once it has looked). A store that cannot be
 * reached at all is serverStoreReady's to report, so that is no warning here.
 */
export async function warnIfUnsound(
  store: Pick<Store, "integrityProblems">,
  location: StoreLocation,
  log: WarnLog,
): Promise<void> {
  let problems: string[];
  try {
    problems = await store.integrityProblems();
  } catch {
    return;
  }
  if (problems.length === 0) return;
  const first = problems.slice(0, 5).map((p) => p.slice(0, 500));
  if (location.databaseUrl) {
    log.warn(
      { database: redactUrl(location.databaseUrl), problems: first },
      "the PostgreSQL database is not as this code expects: check that every process runs the same version",
    );
    return;
  }
  log.warn(
    { file: sqliteFileIn(location.dataDir), problems: first },
    "the data store fails SQLite's integrity check: stop the server, move the file aside or restore a backup, and start again (feeds refill a new store)",
  );
}

/** Resolves when the store is usable; rejects with a StoreOpenError (one line) when it is not. */
export async function serverStoreReady(store: Store, where: string | StoreLocation): Promise<void> {
  const location = asLocation(where);
  try {
    await store.ready();
  } catch (error) {
    const message = location.databaseUrl
      ? postgresOpenMessage(location.databaseUrl, error)
      : storeOpenMessage(location.dataDir, error);
    throw new StoreOpenError(message, { cause: error });
  }
}
