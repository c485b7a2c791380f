import { ConfigError, parseConfig } from "../../server/config.server.ts";
import { openStore, type Store } from "../../server/store/store.server.ts";

/** Prints a message to stderr and exits: 2 for a usage error, 1 for anything else. */
export function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** The store the server uses (DATA_DIR), for the newsroom's command-line tools. */
export function openStoreFromEnv(): Store {
  try {
    return openStore(parseConfig(process.env).DATA_DIR);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 1);
    throw error;
  }
}
