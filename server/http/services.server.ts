import type { Config } from "#server/config.server.ts";
import type { RateLimiter } from "#server/forms/rate-limit.server.ts";
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
  /**
   * The contact form's, the newsletter's and search's per-client limits, built once per process:
   * counted in the store when processes share it, else in this process's memory.
   */
  limiters: { contact: RateLimiter; newsletter: RateLimiter; search: RateLimiter };
  /** The feed engine: the news reader (section articles, search) and the ingest runner (health). */
  feeds: FeedEngine;
  /** Whether the radio relay has a station to play, for the radio page before anyone presses Play. */
  radio: RadioStatusReader;
  /** Something was queued for mail (a sign-up, a contact message): the sender sends it now. */
  mail: { kick(): void };
};
