import { ConfigError, parseConfig } from "#server/config.server.ts";
import {
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
 * The store the server uses (DATABASE_URL, else DATA_DIR), for the newsroom's command-line tools;
 * one that cannot be opened or connected to is a one-line message and exit code 1.
 */
export async function openStoreFromEnv(): Promise<Store> {
  let location: StoreLocation;
  try {
    const config = parseConfig(process.env);
    location = storeLocationFrom(config);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 1);
    throw error;
  }
  let store: Store;
  try {
    store = openStore(location).store;
  } catch (error) {
    fail(storeOpenMessage(location.dataDir, error), 1);
  }
  try {
    await serverStoreReady(store, location);
  } catch (error) {
    await store.close().catch(() => {});
    fail(error instanceof Error ? error.message : String(error), 1);
  }
  return store;
}
