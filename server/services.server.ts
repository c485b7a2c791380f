import type { Config } from "./config.server.ts";
import type { FeedEngine } from "./feeds/engine.server.ts";
import type { RadioStatusReader } from "./radio/status.server.ts";
import type { Store } from "./store/store.ts";

/**
 * What loaders and actions can reach, through `context.get(servicesContext)`. Created once per
 * process in server/app.ts.
 */
export type Services = {
  config: Config;
  /** The store, through its asynchronous interface only (SQL and the driver stay in server/store/). */
  store: Store;
  /** The feed engine: section articles, search, health (reads the store). */
  feeds: FeedEngine;
  /** Whether the radio relay has a station to play, for the radio page before anyone presses Play. */
  radio: RadioStatusReader;
};
