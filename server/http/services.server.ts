import type { Config } from "#server/config.server.ts";
import type { FeedEngine } from "#server/news/engine.server.ts";
import type { RadioStatusReader } from "#server/radio/status.server.ts";
import type { Store } from "#server/store/store.ts";

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
