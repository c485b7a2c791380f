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

/** The one place that chooses the store (the server, the ingest worker and the CLIs all open it here). */
export function openStore(location: StoreLocation, options: OpenOptions = {}): Store {
  if (!location.databaseUrl) return openSqliteStore(location.dataDir);
  return openPostgresStore(
    location.databaseUrl,
    options.forRequests ? { requestTimeoutMs: REQUEST_TIMEOUT_MS } : {},
  );
}

/** The SQLite store's file in `dataDir` (for messages that name it). */
export function sqliteFileIn(dataDir: string): string {
  return path.resolve(dataDir, DATABASE_FILE);
}

/**
 * Store changes made by any process, told to every process that shares the store (page caches).
 * PostgreSQL: LISTEN/NOTIFY. SQLite is one process, whose own changes reach its cache directly,
 * so there is nothing to listen to: `undefined`.
 */
export function listenForPageChanges(
  location: StoreLocation,
  options: PageChangesOptions,
): PageChanges | undefined {
  return location.databaseUrl ? openPageChanges(location.databaseUrl, options) : undefined;
}

/** One notice from a short-lived process (the CLI's refresh); nothing to tell on SQLite. */
export async function announcePageChanges(
  location: StoreLocation,
  sections: readonly string[],
): Promise<void> {
  if (location.databaseUrl && sections.length > 0) await notifyPageChanges(location.databaseUrl, sections);
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
