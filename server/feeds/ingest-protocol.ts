import type { FeedSectionKey } from "../../app/lib/sections.ts";
import type { CycleStats, UnsavedFailure } from "./ingest.server.ts";

/** What the web thread tells the ingest worker to start it (structured-clone safe). */
export type IngestWorkerData = {
  dataDir: string;
  /** PostgreSQL instead of SQLite in dataDir. */
  databaseUrl?: string;
  feeds: [string, string[]][];
  intervalMs: number;
  siteUrl: string;
  retentionDays: number;
  concurrency?: number;
  fetchTimeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  /** FEEDS_ALLOW_PRIVATE as the app was configured (unset: the environment's). */
  allowPrivate?: boolean;
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
  | { type: "stop"; id: number };

export type IngestEvent =
  | { type: "ready" }
  | { type: "reply"; id: number; value?: unknown; error?: string }
  /** Sections whose pages changed, once per batch. */
  | { type: "changed"; sections: FeedSectionKey[] }
  | { type: "cycle"; cycle: CycleStats }
  | { type: "unsaved"; url: string; failure?: UnsavedFailure };
