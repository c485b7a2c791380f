/**
 * The ingest worker (a worker_threads thread): fetches, parses and writes feeds with its own
 * database connection, so neither a 10 MiB feed's parse nor the write transactions ever run on the
 * thread that answers readers. Started by ingest-client.server.ts; speaks IngestRequest/IngestEvent.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { FeedSectionKey } from "#domain/sections.ts";
import { logger } from "#server/logger.server.ts";
import { openStore } from "#server/store/open.server.ts";
import { errorMessage } from "./errors.ts";
import { createIngest, type EngineLogger } from "./ingest.server.ts";
import type { IngestEvent, IngestRequest, IngestWorkerData } from "./ingest-protocol.ts";
import { lowerThreadPriority } from "./thread-priority.server.ts";

const data = workerData as IngestWorkerData;
const port = parentPort;
if (!port) throw new Error("ingest-worker.server.ts runs as a worker thread");

// Parsing and writing yield the cores to the web thread whenever both want them (2-core machines:
// the worst second of home's throughput during a refresh).
lowerThreadPriority(data.nice ?? 0);

const quiet: EngineLogger = { debug() {}, info() {}, warn() {}, error() {} };
const { store } = openStore(data.location);
const send = (event: IngestEvent) => port.postMessage(event);
const ingest = createIngest({
  feeds: new Map(data.feeds as [FeedSectionKey, string[]][]),
  store: store.feeds,
  intervalMs: data.intervalMs,
  siteUrl: data.siteUrl,
  retentionDays: data.retentionDays,
  concurrency: data.concurrency,
  fetchTimeoutMs: data.fetchTimeoutMs,
  maxBodyBytes: data.maxBodyBytes,
  maxRedirects: data.maxRedirects,
  allowPrivate: data.allowPrivate,
  logger: data.quiet ? quiet : logger,
  onChange: (sections) => send({ type: "changed", sections }),
  onCycle: (cycle) => send({ type: "cycle", cycle }),
  onUnsaved: (url, failure) => send({ type: "unsaved", url, failure }),
});

async function answer(id: number, work: () => Promise<unknown>): Promise<void> {
  try {
    send({ type: "reply", id, value: await work() });
  } catch (error) {
    send({ type: "reply", id, error: errorMessage(error) });
  }
}

port.on("message", (request: IngestRequest) => {
  switch (request.type) {
    case "start":
      ingest.start();
      return;
    case "refreshAll":
      void answer(request.id, () => ingest.refreshAll());
      return;
    case "refreshFeed":
      void answer(request.id, () => ingest.refreshFeed(request.url));
      return;
    case "settle":
      void answer(request.id, () => ingest.settle(request.urls));
      return;
    case "prune":
      void answer(request.id, () => ingest.prune());
      return;
    case "setFeeds":
      void answer(request.id, async () =>
        ingest.setFeeds(new Map(request.feeds as [FeedSectionKey, string[]][])),
      );
      return;
    case "stop":
      void answer(request.id, async () => {
        await ingest.stop();
        await store.close();
      }).then(() => port.close());
      return;
  }
});
send({ type: "ready" });
