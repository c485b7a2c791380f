import { openPostgresStore } from "./postgres/store.server.ts";
import { openSqliteStore } from "./store.server.ts";
import type { Store } from "./store.ts";

/** Where the store is: PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir`. */
export type StoreLocation = { dataDir: string; databaseUrl?: string | undefined };

/** The one place that chooses the store (the server, the ingest worker and the CLIs all open it here). */
export function openStore(location: StoreLocation): Store {
  return location.databaseUrl ? openPostgresStore(location.databaseUrl) : openSqliteStore(location.dataDir);
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
