import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FeedSectionKey } from "#domain/sections.ts";
import type { CycleStats, EngineLogger, Ingest, RefreshOutcome, UnsavedFailure } from "./ingest.server.ts";
import type { IngestEvent, IngestRequest, IngestWorkerData } from "./ingest-protocol.ts";

const WORKER_FILE = join("server", "ingest", "ingest-worker.server.ts");
const WORKER_HEAP_MB = 192;
const WORKER_YOUNG_MB = 16;

/**
 * The worker's source file. It runs as TypeScript under Node's type stripping, from the sources
 * in both development and production (this module may be bundled into build/server/), so it is
 * found by walking up to the project's root.
 */
export function ingestWorkerFile(from = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, WORKER_FILE);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`Cannot find ${WORKER_FILE} above ${fileURLToPath(from)}`);
}

/**
 * The web thread's handle on the ingest worker: the same Ingest as in-process, over messages.
 * `onChange` gets the sections each batch changed. A worker that dies is logged and restarted,
 * so feeds keep refreshing.
 */
export function createWorkerIngest(
  data: IngestWorkerData,
  {
    onChange,
    onCycle,
    onUnsaved,
    logger: log,
  }: {
    onChange?: (sections: FeedSectionKey[]) => void;
    onCycle?: (cycle: CycleStats) => void;
    onUnsaved?: (url: string, failure: UnsavedFailure | undefined) => void;
    logger: EngineLogger;
  },
): Ingest {
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let current = data;
  let nextId = 1;
  let started = false;
  let stopping = false;
  let worker = spawn();

  function spawn(): Worker {
    // A bounded heap: a feed that would need more (the body is capped at 10 MiB) ends the worker,
    // which is restarted, instead of growing the server's memory. A small young generation: the
    // worker's garbage is collected often and cheaply rather than held (peak RSS at 600 feeds).
    const w = new Worker(ingestWorkerFile(), {
      workerData: current,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    });
    w.on("message", (event: IngestEvent) => {
      if (event.type === "changed") onChange?.(event.sections);
      else if (event.type === "cycle") onCycle?.(event.cycle);
      else if (event.type === "unsaved") onUnsaved?.(event.url, event.failure);
      else if (event.type === "reply") {
        const entry = waiting.get(event.id);
        waiting.delete(event.id);
        if (event.error !== undefined) entry?.reject(new Error(event.error));
        else entry?.resolve(event.value);
      }
    });
    w.on("error", (error) => log.error({ err: error.message }, "ingest worker failed"));
    w.on("exit", (code) => {
      for (const entry of waiting.values()) entry.reject(new Error("the ingest worker stopped"));
      waiting.clear();
      if (stopping) return;
      log.error({ code }, "ingest worker exited; restarting it");
      worker = spawn();
      if (started) worker.postMessage({ type: "start" } satisfies IngestRequest);
    });
    // The worker alone must not keep the process alive (graceful shutdown, tests).
    w.unref();
    return w;
  }

  function ask<T>(request: IngestRequest & { id: number }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.set(request.id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage(request);
    });
  }

  return {
    start() {
      if (started || stopping) return;
      started = true;
      worker.postMessage({ type: "start" } satisfies IngestRequest);
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      const timer = setTimeout(() => void worker.terminate(), 20_000);
      await ask({ type: "stop", id: nextId++ }).catch(() => undefined);
      await exited;
      clearTimeout(timer);
    },
    refreshAll: () =>
      stopping ? Promise.resolve([]) : ask<RefreshOutcome[]>({ type: "refreshAll", id: nextId++ }),
    refreshFeed: (url) =>
      stopping
        ? Promise.resolve({ url, status: "skipped" })
        : ask<RefreshOutcome>({ type: "refreshFeed", id: nextId++, url }),
    prune: () => (stopping ? Promise.resolve() : ask<void>({ type: "prune", id: nextId++ })),
    setFeeds(config) {
      const feeds = [...config].map(([k, v]) => [k, [...v]] as [string, string[]]);
      // A restarted worker starts from the list it last had.
      current = { ...current, feeds };
      return stopping ? Promise.resolve() : ask<void>({ type: "setFeeds", id: nextId++, feeds });
    },
    settle: (urls) =>
      stopping ? Promise.resolve() : ask<void>({ type: "settle", id: nextId++, urls: [...urls] }),
  };
}
