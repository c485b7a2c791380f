import path from "node:path";
import { REQUEST_TIMEOUT_MS } from "./postgres/db.server.ts";
import {
  notifyPageChanges,
  openPageChanges,
  type PageChanges,
  type PageChangesOptions,
} from "./postgres/page-changes.server.ts";
import { openPostgresStore } from "./postgres/store.server.ts";
import { DATABASE_FILE } from "./sqlite/db.server.ts";
import { openSqliteStore } from "./sqlite/store.server.ts";
import type { Store } from "./store.ts";

export type { PageChanges, PageChangesOptions };

/** Where the store is: PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir`. */
export type StoreLocation = { dataDir: string; databaseUrl?: string | undefined };

export type OpenOptions = {
  /**
   * The store serves readers' requests (the web process): on PostgreSQL every call is bounded
   * (REQUEST_TIMEOUT_MS per statement and per connection wait), so a frozen or locked database
   * fails a request rather than hold it. SQLite waits at most its busy timeout already.
   */
  forRequests?: boolean;
};

export type StoreKind = "sqlite" | "postgres";

/**
 * An open store and what it can do, so that nobody outside server/store/ asks which database it is.
 * SQLite is one process's; PostgreSQL is shared by every process that opens it.
 */
export type OpenedStore = {
  store: Store;
  kind: StoreKind;
  /** Where it is, for a thread or process that opens its own connection (the ingest worker). */
  location: StoreLocation;
  /**
   * Several processes can share it: limits are counted in it (every process sees one count) and
   * feed polling goes through its job queue (ADR 0006); otherwise they live in this process.
   */
  shared: boolean;
  /** The job queue's database (pg-boss) on PostgreSQL; undefined on SQLite (no queue to share). */
  jobQueue: { connectionString: string } | undefined;
  /**
   * Store changes made by any process, told to every process that shares the store (page caches).
   * PostgreSQL: LISTEN/NOTIFY. SQLite is one process, whose own changes reach its cache directly,
   * so there is nothing to listen to: `undefined`.
   */
  listenForPageChanges(options: PageChangesOptions): PageChanges | undefined;
  /** One notice from a short-lived process (the CLI's refresh); nothing to tell on SQLite. */
  announcePageChanges(sections: readonly string[]): Promise<void>;
};

/** The store the settings name: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function storeLocationFrom(settings: {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
}): StoreLocation {
  return { dataDir: settings.DATA_DIR, databaseUrl: settings.DATABASE_URL };
}

/** The one place that chooses the store (the server, the ingest worker and the CLIs all open it here). */
export function openStore(location: StoreLocation, options: OpenOptions = {}): OpenedStore {
  const { databaseUrl } = location;
  if (!databaseUrl) {
    return {
      store: openSqliteStore(location.dataDir),
      kind: "sqlite",
      location,
      shared: false,
      jobQueue: undefined,
      listenForPageChanges: () => undefined,
      announcePageChanges: async () => {},
    };
  }
  return {
    store: openPostgresStore(
      databaseUrl,
      options.forRequests ? { requestTimeoutMs: REQUEST_TIMEOUT_MS } : {},
    ),
    kind: "postgres",
    location,
    shared: true,
    jobQueue: { connectionString: databaseUrl },
    listenForPageChanges: (changeOptions) => openPageChanges(databaseUrl, changeOptions),
    announcePageChanges: async (sections) => {
      if (sections.length > 0) await notifyPageChanges(databaseUrl, sections);
    },
  };
}

/** The SQLite store's file in `dataDir` (for messages that name it). */
export function sqliteFileIn(dataDir: string): string {
  return path.resolve(dataDir, DATABASE_FILE);
}

/** A database URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(an unreadable URL)";
  }
}

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
export function openServerStore(where: string | StoreLocation, log: WarnLog): OpenedStore {
  const location = asLocation(where);
  let opened: OpenedStore;
  try {
    // Readers wait a bounded time for the database (PostgreSQL; see openStore).
    opened = openStore(location, { forRequests: true });
  } catch (error) {
    throw new StoreOpenError(storeOpenMessage(location.dataDir, error), { cause: error });
  }
  void warnIfUnsound(opened.store, location, log);
  return opened;
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
