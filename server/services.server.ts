import type { DatabaseSync } from "node:sqlite";
import type { Config } from "./config.server.ts";
import type { FeedEngine } from "./feeds/engine.server.ts";
import type { Store } from "./store/store.ts";

/**
 * What loaders and actions can reach, through `context.get(servicesContext)`. Created once per
 * process in server/app.ts.
 */
export type Services = {
  config: Config;
  /** The SQLite store (node:sqlite); SQL stays in server/store/*. */
  db: DatabaseSync;
  /** The store's asynchronous interface (feeds, images). */
  store: Store;
  /** The feed engine: section articles, search, health (reads the store). */
  feeds: FeedEngine;
};
