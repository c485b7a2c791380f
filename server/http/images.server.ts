import { type Request, type Response, Router } from "express";
import {
  assertPublicHost,
  PrivateAddressError,
  publicOnlyDispatcher,
} from "#server/ingest/public-address.server.ts";
import { logger } from "#server/logger.server.ts";
import { CACHE } from "./cache-policies.server.ts";

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif|svg\+xml)$/;

export type ImageProxyOptions = {
  /** Relay images from loopback and private networks too (local fixtures); off in production. */
  allowPrivate?: boolean;
  /** Our public address (SITE_URL): its host is never fetched, whatever the scheme or port. */
  siteUrl?: string;
  fetchImpl?: typeof fetch;
};

class OwnHostError extends Error {}

/**
 * Whether url is on one of our own hosts (lower case, trailing dot ignored). A host is us on any
 * scheme or port: fetching it would call our own APIs (/api/stream) or another service on this
 * machine. Only with local fixture publishers (loopback allowed) does the port count: they share
 * our loopback host on other ports, and loopback is open to them anyway.
 */
function isOwnHost(url: URL, own: readonly (string | undefined)[], allowPrivate: boolean): boolean {
  const key = (u: URL) => {
    const name = u.hostname.toLowerCase().replace(/\.$/, "");
    return allowPrivate ? `${name}:${u.port || (u.protocol === "https:" ? "443" : "80")}` : name;
  };
  const target = key(url);
  return own.some((address) => {
    if (!address) return false;
    try {
      return key(new URL(address)) === target;
    } catch {
      return false;
    }
  });
}

/**
 * Marks the image relay's own upstream requests. A name check cannot know every name and address
 * that reaches us (our public IP, another DNS name, a CDN's origin host), so a request carrying
 * the mark is one the relay made of itself, by whatever name: `refuseRelayedRequests` stops it
 * before any route (a radio stream opened per image view, say).
 */
export const RELAY_HEADER = "x-evnews-relay";

/** Express middleware, mounted before the routes: a request the image relay made of us gets 508. */
export function refuseRelayedRequests(req: Request, res: Response, next: () => void): void {
  if (req.headers[RELAY_HEADER] === undefined) next();
  else res.status(508).type("text/plain").send("The image relay does not fetch from this site.");
}

/**
 * GET /img?u=URL relays a publisher's article image from our origin: readers' addresses stay
 * with us, the CSP can allow images from 'self' only, and browsers cache it for a day. Only
 * images that a stored article names are relayed, so it is never an open proxy, and only from
 * public addresses, so a feed cannot aim it at our own network.
 */
export function createImageProxy(
  isStoredImage: (url: string) => Promise<boolean>,
  { allowPrivate = false, siteUrl, fetchImpl = fetch }: ImageProxyOptions = {},
): Router {
  const router = Router();
  const dispatcher = allowPrivate ? undefined : publicOnlyDispatcher();
  router.get("/img", async (req: Request, res: Response) => {
    const u = typeof req.query.u === "string" ? req.query.u : "";
    let url: URL;
    try {
      url = new URL(u);
      if (u.length > 2048 || (url.protocol !== "http:" && url.protocol !== "https:")) throw new Error();
    } catch {
      return void res.status(400).type("text/plain").send("Bad image address.");
    }
    // Our host as SITE_URL names it and as this request reached it (Host, scheme aside).
    const own = [siteUrl, req.headers.host && `${req.protocol}://${req.headers.host}`];
    if (isOwnHost(url, own, allowPrivate))
      return void res.status(400).type("text/plain").send("Our own address is not relayed.");
    let stored: boolean;
    try {
      stored = await isStoredImage(u);
    } catch (error) {
      // The store cannot say: not "unknown" (a 404 a browser may keep), but unavailable for now.
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "image lookup failed");
      return void res
        .status(503)
        .set({ "Cache-Control": CACHE.none, "Retry-After": "30" })
        .type("text/plain")
        .send("Images are unavailable right now.");
    }
    if (!stored) return void res.status(404).type("text/plain").send("Unknown image.");

    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
    res.on("close", () => abort.abort());
    try {
      let target = url;
      let upstream: globalThis.Response | undefined;
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        if (!allowPrivate) assertPublicHost(target);
        if (isOwnHost(target, own, allowPrivate)) throw new OwnHostError("redirect to our own host");
        upstream = await fetchImpl(target, {
          redirect: "manual",
          signal: abort.signal,
          headers: { accept: "image/avif,image/webp,image/*;q=0.8", [RELAY_HEADER]: "1" },
          ...(dispatcher ? { dispatcher } : {}),
        } as RequestInit);
        const location = upstream.headers.get("location");
        if (upstream.status < 300 || upstream.status >= 400 || !location) break;
        target = new URL(location, target);
        if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error("redirect scheme");
        upstream = undefined;
      }
      const type = (upstream?.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (!upstream?.ok || !upstream.body || !IMAGE_TYPES.test(type)) {
        await upstream?.body?.cancel();
        return void unavailable(res, "The image is not available.");
      }
      const declared = Number(upstream.headers.get("content-length") ?? 0);
      if (declared > MAX_BYTES) {
        await upstream.body.cancel();
        return void unavailable(res, "The image is too large.");
      }
      res.status(200);
      res.setHeader("Content-Type", type);
      res.setHeader("Cache-Control", CACHE.image);
      // An SVG opened directly must not run anything.
      res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      let sent = 0;
      for await (const chunk of upstream.body) {
        sent += chunk.byteLength;
        if (sent > MAX_BYTES) {
          abort.abort();
          return void res.destroy();
        }
        if (!res.write(chunk)) await new Promise((r) => res.once("drain", r));
      }
      res.end();
    } catch (error) {
      if (!res.headersSent) unavailable(res, "The image is not available.");
      else res.destroy();
      // fetch reports a refused lookup as "fetch failed" with the reason as its cause.
      const reason =
        error instanceof Error && error.cause instanceof PrivateAddressError ? error.cause : error;
      if (reason instanceof PrivateAddressError)
        logger.warn({ err: reason.message, url: u }, "image address is not public");
      else if (error instanceof OwnHostError) logger.warn({ url: u }, "image redirects to our own host");
      else if (!abort.signal.aborted) logger.debug({ err: String(error), url: u }, "image proxy failed");
    } finally {
      clearTimeout(timer);
    }
  });
  return router;
}

/**
 * A publisher's image we cannot relay (its host is down, it is gone, not an image or too big)
 * is answered 204 No Content, not 502: the <img> still fails (ArticleImage hides it), but an
 * error status would also be logged in every reader's console, which is noise they cannot act on
 * (and Lighthouse's errors-in-console audit counts it). The reason goes in a header; browsers
 * retry after 5 minutes, so a publisher that comes back is seen soon.
 */
function unavailable(res: Response, reason: string): void {
  res.status(204);
  res.setHeader("Cache-Control", CACHE.imageUnavailable);
  res.setHeader("X-Image-Unavailable", reason);
  res.end();
}

/** Where our own static images live (the offline samples name them). */
const OWN_IMAGES = /^\/images\/[\w./-]+$/;

/**
 * Where a page should load an article image from: our own static images directly, other hosts
 * through /img. Any other address on our own host, whatever the scheme or port (an API such as
 * /api/stream), is dropped: rendered as an <img> it would make every reader's browser call it,
 * and relayed it would make /img call it. allowPrivate: as the image proxy's (local fixtures).
 */
export function imageSrc(
  imageUrl: string | undefined,
  siteUrl: string,
  { allowPrivate = false }: { allowPrivate?: boolean } = {},
): string | undefined {
  if (!imageUrl) return undefined;
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (!isOwnHost(url, [siteUrl], allowPrivate)) return `/img?u=${encodeURIComponent(imageUrl)}`;
  const ownFile = url.search === "" && OWN_IMAGES.test(url.pathname);
  return ownFile && !url.pathname.includes("..") ? url.pathname : undefined;
}
