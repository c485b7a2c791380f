import type { FeedSectionKey } from "#domain/sections.ts";
import type { FeedState, FeedStore } from "#server/store/feed-store.ts";
import { errorMessage, HttpStatusError } from "./errors.ts";
import { type FeedsConfig, feedsBySection } from "./feeds-config.ts";
import { FETCH_TIMEOUT_MS, feedUserAgent, MAX_BODY_BYTES, MAX_REDIRECTS } from "./fetch.server.ts";
import { createLimiter } from "./limiter.ts";
import { readFeed } from "./read-feed.server.ts";
import { backoffDelayMs, isDue, jitteredIntervalMs } from "./schedule.ts";

/** The subset of pino the engine uses (tests pass a recorder). */
export type EngineLogger = {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * Items kept per feed listing. Sections show at most 50; the rest serve search. The cap bounds the
 * work a huge feed can cause (normalising, one write transaction).
 */
export const MAX_STORED_ITEMS = 500;

/** Archived items deleted per transaction when pruning, so a prune never holds the write lock long. */
export const PRUNE_BATCH = 500;

export type RefreshOutcome =
  | { url: string; status: "updated"; items: number }
  | { url: string; status: "not-modified" }
  | { url: string; status: "failed"; error: string }
  | { url: string; status: "skipped" };

export type IngestOptions = {
  feeds: FeedsConfig;
  store: FeedStore;
  intervalMs: number;
  siteUrl: string;
  /** Archived items older than this are pruned after each cycle; Infinity never prunes (the CLIs). */
  retentionDays: number;
  concurrency?: number;
  fetchTimeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  /** Fetch from loopback and private networks (FEEDS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  random?: () => number;
  logger: EngineLogger;
  /**
   * The sections whose pages changed, once per batch: at the end of each refresh cycle, and for
   * refreshes outside a cycle (a cold section's first fetch) shortly after they land.
   */
  onChange?: (sections: FeedSectionKey[]) => void;
  /** How long changes outside a cycle are gathered before onChange (ms). */
  batchMs?: number;
  /**
   * A failure the store could not record (its disk is full), so health can still show it;
   * undefined once the feed's state is stored again.
   */
  onUnsaved?: (url: string, failure: UnsavedFailure | undefined) => void;
  /** After each whole refresh cycle (for /api/health/feeds and the benchmark). */
  onCycle?: (cycle: CycleStats) => void;
};

export type UnsavedFailure = { at: string; error: string; failures: number; nextCheckAt: string };

/** One refresh cycle: when it began, how long it took, how many feeds it fetched and changed. */
export type CycleStats = { startedAt: string; ms: number; feeds: number; changed: number };

/**
 * Fetching, parsing and writing: the part of the feed engine that runs in the ingest worker (or
 * in-process for the CLI and tests). The web side only reads the store.
 */
export type Ingest = {
  /** Refreshes every feed now, then due feeds every interval (±10%). Idempotent. */
  start(): void;
  stop(): Promise<void>;
  refreshAll(): Promise<RefreshOutcome[]>;
  refreshFeed(url: string): Promise<RefreshOutcome>;
  /**
   * For a cold section: waits for these feeds' fetches in flight and starts the first fetch of any
   * never tried (never a second one).
   */
  settle(urls: readonly string[]): Promise<void>;
  /** Deletes archived items past the retention (after each cycle; the shared queue's cycle too). */
  prune(): Promise<void>;
  /**
   * Polls this list from now on (the publications changed): a feed no list names any more is not
   * fetched again, a new one is fetched at once (when started).
   */
  setFeeds(config: FeedsConfig): Promise<void> | void;
};

export function createIngest(options: IngestOptions): Ingest {
  const { store, intervalMs, logger: log } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const limiter = createLimiter(options.concurrency ?? 4);
  const userAgent = feedUserAgent(options.siteUrl);
  let byUrl = feedsBySection(options.feeds);
  const inFlight = new Map<string, Promise<RefreshOutcome>>();
  // Failures the store could not record (a full disk): backoff still applies.
  const unsaved = new Map<string, { failures: number; nextCheckAt: string }>();
  const saved = (url: string) => {
    if (unsaved.delete(url)) options.onUnsaved?.(url, undefined);
  };
  const shutdown = new AbortController();
  const pending = new Set<FeedSectionKey>();
  let batchTimer: NodeJS.Timeout | undefined;
  let cycles = 0;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  function flush(): void {
    if (batchTimer) clearTimeout(batchTimer);
    batchTimer = undefined;
    if (pending.size === 0) return;
    const sections = [...pending];
    pending.clear();
    options.onChange?.(sections);
  }

  function changed(url: string): void {
    for (const section of byUrl.get(url) ?? []) pending.add(section);
    // Inside a cycle the cycle's end flushes; otherwise flush soon, gathering what lands meanwhile.
    if (cycles === 0 && !batchTimer) {
      batchTimer = setTimeout(flush, options.batchMs ?? 250);
      batchTimer.unref();
    }
  }

  async function refresh(url: string): Promise<RefreshOutcome> {
    if (stopped) return { url, status: "skipped" };
    const at = now();
    const iso = at.toISOString();
    let state: FeedState | undefined;
    try {
      state = await store.feed(url);
      // Validators are only worth sending when we still hold what they validate.
      const conditional = (await store.items(url, 1)).length > 0;
      const result = await readFeed(url, {
        etag: conditional ? state?.etag : undefined,
        lastModified: conditional ? state?.lastModified : undefined,
        timeoutMs: options.fetchTimeoutMs ?? FETCH_TIMEOUT_MS,
        maxBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
        maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
        allowPrivate: options.allowPrivate,
        userAgent,
        signal: shutdown.signal,
        fetch: options.fetch,
        now: at,
        maxItems: MAX_STORED_ITEMS,
      });
      const next = new Date(now().getTime() + intervalMs).toISOString();
      if (result.notModified) {
        await store.saveNotModified(url, iso, next);
        saved(url);
        log.debug({ url }, "feed not modified");
        return { url, status: "not-modified" };
      }
      if (result.items.length === 0 && conditional) {
        // A feed that suddenly lists nothing is far more often a publisher's glitch than an empty
        // newsroom: keep what we have (stale beats empty), but say so.
        await store.saveNotModified(url, iso, next);
        saved(url);
        log.warn({ url }, "feed answered with no items; keeping the stored ones");
        return { url, status: "not-modified" };
      }
      const outcome = await store.saveSuccess(url, result, iso, next);
      saved(url);
      if (outcome.changed) changed(url);
      if (result.skipped > 0) log.warn({ url, skipped: result.skipped }, "feed items skipped");
      log.info({ url, items: result.items.length, changed: outcome.changed }, "feed refreshed");
      return { url, status: "updated", items: result.items.length };
    } catch (error) {
      // A fetch cancelled by stop() says nothing about the feed's health.
      if (stopped) return { url, status: "skipped" };
      const message = errorMessage(error);
      const failures = Math.max(state?.consecutiveFailures ?? 0, unsaved.get(url)?.failures ?? 0) + 1;
      const retryAfter = error instanceof HttpStatusError ? error.retryAfterMs : undefined;
      const next = new Date(now().getTime() + backoffDelayMs(failures, intervalMs, retryAfter)).toISOString();
      try {
        await store.saveFailure(url, message, iso, next);
        saved(url);
      } catch (storeError) {
        unsaved.set(url, { failures, nextCheckAt: next });
        options.onUnsaved?.(url, { at: iso, error: message, failures, nextCheckAt: next });
        log.error({ url, err: errorMessage(storeError) }, "could not record feed failure");
      }
      log.warn({ url, err: message, failures }, "feed refresh failed");
      return { url, status: "failed", error: message };
    }
  }

  function refreshFeed(url: string): Promise<RefreshOutcome> {
    const running = inFlight.get(url);
    if (running) return running;
    const task = limiter.run(() => refresh(url)).finally(() => inFlight.delete(url));
    inFlight.set(url, task);
    return task;
  }

  /** One cycle: its changes reach onChange once, at its end; then the archive is pruned. */
  async function cycle(work: () => Promise<RefreshOutcome[]>): Promise<RefreshOutcome[]> {
    cycles++;
    const startedAt = new Date();
    const t0 = performance.now();
    let outcomes: RefreshOutcome[] = [];
    try {
      outcomes = await work();
      return outcomes;
    } finally {
      cycles--;
      const changedSections = pending.size;
      if (cycles === 0) flush();
      const ms = Math.round(performance.now() - t0);
      if (outcomes.length > 0) {
        options.onCycle?.({
          startedAt: startedAt.toISOString(),
          ms,
          feeds: outcomes.length,
          changed: changedSections,
        });
        // One line a cycle: a terminal shows it instead of each feed's (logger.server.ts).
        // A refresh cancelled by stop() was not a check.
        const feeds = outcomes.filter((o) => o.status !== "skipped").length;
        const failed = outcomes.filter((o) => o.status === "failed").length;
        const level = failed > 0 ? "warn" : feeds > 0 ? "info" : "debug";
        log[level]({ feeds, failed, ms }, "refresh cycle done");
      }
      await prune().catch((error) => log.error({ err: errorMessage(error) }, "archive prune failed"));
    }
  }

  async function prune(): Promise<void> {
    if (!Number.isFinite(options.retentionDays)) return;
    const before = new Date(now().getTime() - options.retentionDays * 86_400_000).toISOString();
    // Small batches, each its own short transaction, so readers and refreshes interleave.
    for (let round = 0; round < 200 && !stopped; round++) {
      if ((await store.pruneArchive(before, PRUNE_BATCH)) < PRUNE_BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  function refreshAll(): Promise<RefreshOutcome[]> {
    return cycle(() => Promise.all([...byUrl.keys()].map(refreshFeed)));
  }

  async function refreshDue(): Promise<void> {
    const t = now().getTime();
    const due: string[] = [];
    for (const url of byUrl.keys()) {
      const next = unsaved.get(url)?.nextCheckAt ?? (await store.feed(url))?.nextCheckAt;
      if (isDue(next, t, intervalMs)) due.push(url);
    }
    await cycle(() => Promise.all(due.map(refreshFeed)));
  }

  function scheduleTick(): void {
    if (stopped) return;
    timer = setTimeout(
      () => {
        refreshDue()
          .catch((error) => log.error({ err: errorMessage(error) }, "scheduled refresh failed"))
          .finally(scheduleTick);
      },
      jitteredIntervalMs(intervalMs, random),
    );
    // The schedule alone must never keep the process alive (tests, CLI, graceful shutdown).
    timer.unref();
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      refreshAll().catch((error) => log.error({ err: errorMessage(error) }, "initial refresh failed"));
      scheduleTick();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      shutdown.abort();
      await Promise.allSettled([...inFlight.values()]);
      flush();
    },
    refreshAll,
    refreshFeed,
    prune,
    setFeeds(config) {
      const before = byUrl;
      byUrl = feedsBySection(config);
      // A feed a publication has just listed is fetched now, not at the next cycle.
      if (started && !stopped)
        for (const url of byUrl.keys()) if (!before.has(url)) void refreshFeed(url).catch(() => undefined);
    },
    async settle(urls) {
      const waits: Promise<unknown>[] = [];
      for (const url of urls) {
        const running = inFlight.get(url);
        if (running) waits.push(running);
        else if (!stopped && (await store.feed(url))?.lastAttemptAt === undefined)
          waits.push(refreshFeed(url));
      }
      await Promise.all(waits);
    },
  };
}
