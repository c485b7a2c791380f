import { type Config, ConfigError, parseConfig } from "#server/config.server.ts";
import {
  type OpenedStore,
  openStore,
  type StoreLocation,
  serverStoreReady,
  storeLocationFrom,
  storeOpenMessage,
} from "#server/store/open.server.ts";
import type { Store } from "#server/store/store.ts";

/** Prints a message to stderr and exits: 2 for a usage error, 1 for anything else. */
export function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/**
 * The server's settings and the store they name (DATABASE_URL, else DATA_DIR), for the newsroom's
 * command-line tools; a bad setting or a store that cannot be opened or connected to is a one-line
 * message and exit code 1.
 */
export async function openFromEnv(): Promise<{ config: Config; opened: OpenedStore }> {
  let config: Config;
  let location: StoreLocation;
  try {
    config = parseConfig(process.env);
    location = storeLocationFrom(config);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 1);
    throw error;
  }
  let opened: OpenedStore;
  try {
    opened = openStore(location);
  } catch (error) {
    fail(storeOpenMessage(location.dataDir, error), 1);
  }
  try {
    await serverStoreReady(opened.store, location);
  } catch (error) {
    await opened.store.close().catch(() => {});
    fail(error instanceof Error ? error.message : String(error), 1);
  }
  return { config, opened };
}

/** The store the server uses, for a tool that needs nothing else (see openFromEnv). */
export async function openStoreFromEnv(): Promise<Store> {
  return (await openFromEnv()).opened.store;
}
