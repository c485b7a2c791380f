import type { FeedSectionKey } from "#domain/sections.ts";
import type { StoreLocation } from "#server/store/open.server.ts";
import type { CycleStats, IngestOptions, UnsavedFailure } from "./ingest.server.ts";

/** The ingest's settings that reach the worker as they are (each documented on IngestOptions). */
type PassedSettings = Pick<
  IngestOptions,
  | "intervalMs"
  | "siteUrl"
  | "retentionDays"
  | "concurrency"
  | "fetchTimeoutMs"
  | "maxBodyBytes"
  | "maxRedirects"
  | "allowPrivate"
>;

/** What the web thread tells the ingest worker to start it (structured-clone safe). */
export type IngestWorkerData = PassedSettings & {
  /** The store the worker opens its own connection to (the web thread's, as openStore gave it). */
  location: StoreLocation;
  feeds: [string, string[]][];
  /** The worker thread's nice value (0 leaves its priority as it is). */
  nice?: number;
  /** No log lines from the worker (tests). */
  quiet?: boolean;
};

export type IngestRequest =
  | { type: "start" }
  | { type: "refreshAll"; id: number }
  | { type: "refreshFeed"; id: number; url: string }
  | { type: "settle"; id: number; urls: string[] }
  | { type: "prune"; id: number }
  | { type: "setFeeds"; id: number; feeds: [string, string[]][] }
  | { type: "stop"; id: number };

export type IngestEvent =
  | { type: "ready" }
  | { type: "reply"; id: number; value?: unknown; error?: string }
  /** Sections whose pages changed, once per batch. */
  | { type: "changed"; sections: FeedSectionKey[] }
  | { type: "cycle"; cycle: CycleStats }
  | { type: "unsaved"; url: string; failure?: UnsavedFailure };
