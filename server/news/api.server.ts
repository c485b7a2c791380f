import { monitorEventLoopDelay } from "node:perf_hooks";
import { type Request, type Response, Router } from "express";
import { toSummary } from "#domain/article.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { errorCode, errorLine, StoreUnavailableError, UnknownSectionError } from "#server/ingest/errors.ts";
import { logger } from "#server/logger.server.ts";
import type { FeedEngine } from "./engine.server.ts";
import { DEFAULT_SECTION_LIMIT } from "./section-articles.ts";

export const MAX_API_LIMIT = 50;

function badRequest(res: Response, error: string): void {
  res.status(400).set("Cache-Control", CACHE.none).json({ error });
}

/**
 * A feed URL without what often carries a publisher's access token: its user and password
 * ("user:password@", up to the authority's last "@", as URL parsers read it), its query string and
 * its fragment. "…@" and "?…" stay as hints that the configured URL has them.
 */
export function redactUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const head = cut === -1 ? url : url.slice(0, cut);
  const tail = cut === -1 ? "" : url[cut] === "?" ? "?…" : "";
  const noCredentials = head.replace(/^([a-z][\w+.-]*:\/\/)([^/]*@)/i, "$1…@");
  return `${noCredentials}${tail}`;
}

/** URLs inside an error message (a redirect loop names one), redacted the same way. */
function redactText(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s"'<>]+/g, redactUrl);
}

/** The query's limit: absent → the default; otherwise a whole number from 1 to 50. */
function parseLimit(value: unknown): number | undefined {
  if (value === undefined) return DEFAULT_SECTION_LIMIT;
  if (typeof value !== "string" || !/^\d{1,3}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= MAX_API_LIMIT ? n : undefined;
}

/**
 * The feed engine's JSON API. Mount with `app.use(createFeedsApi(engine))`.
 * - GET /api/articles?section=KEY&limit=N → { section, sample, articles: ArticleSummary[] }
 * - GET /api/health/feeds → { store, feeds: FeedHealth[], lastCycle?, eventLoopDelayMs? } (store:
 *   { reachable: true }, or 503 with { reachable: false, code? } (the error's code, its message only in the
 *   log) and no feeds in an outage; lastCycle: the
 *   last refresh cycle this process ran, or on shared polling the last cycle job it queued; the
 *   event-loop delay percentiles of this process since it started)
 */
export function createFeedsApi(
  engine: Pick<FeedEngine, "getSectionArticles" | "health"> & Partial<Pick<FeedEngine, "lastCycle">>,
  {
    log = logger,
    readerOf,
  }: {
    log?: Pick<typeof logger, "warn">;
    /** The request's publication's reader (its own feed list); the engine's own otherwise. */
    readerOf?: (res: Response) => Pick<FeedEngine, "getSectionArticles">;
  } = {},
): Router {
  const router = Router();
  // How long callbacks wait behind other work on the thread that answers readers.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;

  router.get("/api/articles", async (req: Request, res: Response) => {
    const { section } = req.query;
    if (typeof section !== "string" || section === "") {
      badRequest(res, "Missing section: use /api/articles?section=KEY (for example section=local)");
      return;
    }
    const limit = parseLimit(req.query.limit);
    if (limit === undefined) {
      badRequest(res, `limit must be a whole number from 1 to ${MAX_API_LIMIT}`);
      return;
    }
    try {
      const { articles, sample } = await (readerOf?.(res) ?? engine).getSectionArticles(section, limit);
      res.set("Cache-Control", CACHE.fresh).json({ section, sample, articles: articles.map(toSummary) });
    } catch (error) {
      if (error instanceof UnknownSectionError) {
        badRequest(res, error.message);
        return;
      }
      // Never an empty list for a store that cannot be read: a 503 that nobody caches.
      if (error instanceof StoreUnavailableError) {
        res
          .status(503)
          .set({ "Cache-Control": CACHE.none, "Retry-After": "30" })
          .json({ error: "Failed to load articles" });
        return;
      }
      throw error;
    }
  });

  router.get("/api/health/feeds", async (_req: Request, res: Response) => {
    const about = () => ({
      lastCycle: engine.lastCycle?.() ?? null,
      eventLoopDelayMs: {
        p50: ms(loopDelay.percentile(50)),
        p99: ms(loopDelay.percentile(99)),
        max: ms(loopDelay.max),
      },
    });
    let health: Awaited<ReturnType<typeof engine.health>>;
    try {
      health = await engine.health();
    } catch (error) {
      // An outage is what health is for: say the store's state (503), never a 500 and a stack.
      // The log has the whole reason; the answer (public by default) only the error's code: a
      // database's message names its host, port and user.
      log.warn(
        { event: "health.store_unreachable", reason: errorLine(error) },
        "feed health: the store does not answer",
      );
      const code = errorCode(error);
      res
        .status(503)
        .set("Cache-Control", CACHE.none)
        .json({ store: { reachable: false, ...(code ? { code } : {}) }, feeds: [], ...about() });
      return;
    }
    const feeds = health.map((feed) => ({
      ...feed,
      url: redactUrl(feed.url),
      lastError: feed.lastError === null ? null : redactText(feed.lastError),
    }));
    res.set("Cache-Control", CACHE.none).json({ store: { reachable: true }, feeds, ...about() });
  });

  return router;
}
