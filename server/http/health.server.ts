import { timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { errorLine } from "#server/ingest/errors.ts";
import { logger } from "#server/logger.server.ts";
import type { Store } from "#server/store/store.ts";
import { CACHE } from "./cache-policies.server.ts";
import { withTimeout } from "./with-timeout.ts";

/** The store as health reports it: answering, or not and why (one line). */
export type StoreState = { reachable: true } | { reachable: false; error: string };

/** How long readiness waits for the store's answer: a load balancer's check is short too. */
export const READY_WAIT_MS = 2000;

/** Asks the store a trivial query, waiting at most `waitMs`. */
export async function storeState(store: Pick<Store, "ping">, waitMs = READY_WAIT_MS): Promise<StoreState> {
  const ping = store.ping();
  try {
    await withTimeout(ping, waitMs, () => new Error(`no answer within ${waitMs} ms`));
    return { reachable: true };
  } catch (error) {
    ping.catch(() => {});
    return { reachable: false, error: errorLine(error) };
  }
}

/**
 * GET /readyz: 200 while the store answers a trivial query, 503 while it does not, so a load
 * balancer sends readers elsewhere; /healthz stays the liveness check (the process runs). The
 * answer says no more than that (it is public); the log says why, once per change.
 */
export function readinessCheck(
  store: Pick<Store, "ping">,
  {
    waitMs = READY_WAIT_MS,
    log = logger,
  }: { waitMs?: number; log?: Pick<typeof logger, "warn" | "info"> } = {},
): RequestHandler {
  let wasReady = true;
  return async (_req, res) => {
    const state = await storeState(store, waitMs);
    if (state.reachable !== wasReady) {
      wasReady = state.reachable;
      if (state.reachable) log.info({ event: "ready" }, "the store answers again: ready");
      else log.warn({ event: "not_ready", reason: state.error }, "the store does not answer: not ready");
    }
    res
      .status(state.reachable ? 200 : 503)
      .set("Cache-Control", CACHE.none)
      .json({ status: state.reachable ? "ready" : "unavailable" });
  };
}

/** A URL as the request log shows it: a `?token=` (HEALTH_DETAILS) never reaches the log. */
export function withoutToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1***");
}

/** The token a request carries: `Authorization: Bearer <token>`, or `?token=`. */
function requestToken(req: Request): string {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
  if (bearer) return bearer;
  return typeof req.query.token === "string" ? req.query.token : "";
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Who may read the health details (HEALTH_DETAILS): "on" anyone, "off" no one (404, as if absent),
 * anything else is the token a request must carry (401 without it).
 */
export function healthDetailsAccess(setting: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (setting === "on") return next();
    res.set("Cache-Control", CACHE.none);
    if (setting === "off") return void res.status(404).type("text/plain").send("Not Found");
    if (sameText(requestToken(req), setting)) return next();
    res
      .status(401)
      .set("WWW-Authenticate", 'Bearer realm="health"')
      .json({ error: "The health details need a token: Authorization: Bearer <token> (HEALTH_DETAILS)" });
  };
}
