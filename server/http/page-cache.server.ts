import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { CACHE } from "./cache-policies.server.ts";
import { gzipWithNonce, pageWithNonce, type ZippedPage, zipPage, zippedBytes } from "./zipped-page.server.ts";

/**
 * A short cache of rendered pages (the home page and the section pages). Rendering is the costly
 * part of a page view (~5 ms of CPU each); the store changes only when a feed refresh brings new
 * articles, and then the feed engine marks stale the pages of the sections that changed
 * (invalidate), once per refresh batch. A stale page is served as it is while one request renders
 * its successor (stale-while-revalidate), so a refresh never makes readers wait on renders.
 * Entries also expire after `ttlMs` (then they are stale too, and go after `maxStaleMs`).
 *
 * The key is the path plus only the query parameters the page reads (`params`), normalised:
 * `/technology?utm_source=x` is `/technology`.
 *
 * Each response carries its own CSP nonce, so a cached page is kept without its nonce (cut where
 * it stood) and gets the new request's nonce on the way out.
 *
 * Kept compressed (zipped-page.server.ts: a 45 KB home weighs under 8 KB), so that every home of
 * 3,000 publications fits the default budget, and a hit is sent gzipped as kept, with its nonce
 * joined in: no compression per hit (which was most of a hit's cost).
 *
 * Bounded in entries and in bytes (least recently used leave first): every `?page=N` is a key of
 * its own, so without a bound a crawl of distinct URLs filled the heap until the process died.
 *
 * Busy, no reader waits for a stale page's successor: while any page renders, a stale page is served
 * as it is and queued to be rendered in the background, one at a time, by a request of the cache's
 * own to this server (the reader's Host and forwarded headers, and a secret of this process).
 * Under load (3,000 publications, every feed changing) pages go stale faster than readers come back
 * to them: when readers rendered them, every request rendered, all at once, each reader waiting on
 * all of them; when only the first reader waited, its render (interleaved with a thousand hits a
 * second) took 100 ms and set the p99. Quiet, a stale page is rendered for the reader who asks.
 *
 * Stale-if-error: when the render that should replace a stale copy fails (a 5xx: the store is
 * down), the reader gets the stale copy instead (`X-Page-Cache: stale-if-error`, no-store), and a
 * failed render is never kept.
 */
export type PageCache = {
  middleware: RequestHandler;
  /** Marks these paths' pages (every page number) stale. */
  invalidate(paths: readonly string[]): void;
  /** Marks every page stale (kept for stale-if-error, rendered anew at the next request). */
  invalidateAll(): void;
  /** Forgets every page of these scopes (publications whose name or list changed, or that went). */
  dropScopes(scopes: ReadonlySet<string>): void;
  clear(): void;
  /** Whether a request is the cache's own background render (not a reader's: not worth a log line). */
  ownRequest(headers: Readonly<Record<string, unknown>>): boolean;
  /** Entries kept now. */
  size(): number;
  /** What the kept pages weigh (zipped, with their keys). */
  bytes(): number;
};

type Entry = {
  path: string;
  scope: string;
  /** The page, compressed in pieces where its nonce goes. */
  zipped: ZippedPage;
  status: number;
  headers: Record<string, string>;
  expires: number;
  stale: boolean;
  bytes: number;
};

const KEPT_HEADERS = ["content-type", "cache-control", "vary"];
/** Pages that must never be kept: an error state, a not-found page. */
const UNCACHEABLE_MARKERS = ["data-load-error", 'id="not-found-title"', 'id="error-title"'];
/** A page number as the pages read it: 2 to 9999 (1, absent and anything else mean the first page). */
const PAGE_NUMBER = /^[1-9]\d{0,3}$/;

/** Marks the cache's own request for a page it renders in the background (with its secret). */
export const REVALIDATE_HEADER = "x-page-cache-revalidate";
/** What a background render asks with: the reader's, so that it renders the same publication's page. */
const ASKED_WITH = ["host", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-for"];
/** Stale pages waiting for a background render; more wait for a later reader to ask again. */
const MAX_QUEUED = 1000;

/**
 * The default byte budget: 64 MiB of compressed pages (Buffers, outside the JS heap, so not a share
 * of it): every home of 3,000 publications (~9 KB each) and their busiest section pages.
 */
export function defaultPageCacheBytes(): number {
  return 64 * 1024 * 1024;
}

export const DEFAULT_PAGE_CACHE_ENTRIES = 10_000;

/** An entry's weight: its zipped page, and its key as the heap holds it (at most two bytes a character). */
const weight = (key: string, zipped: ZippedPage) => 2 * key.length + zippedBytes(zipped) + 200;

/** The kept page with this response's nonce put back, gzipped if the client takes it. */
function bodyOf(req: Request, res: Response, entry: Entry, nonce: string): Buffer {
  if (req.acceptsEncodings("gzip", "identity") !== "gzip") return pageWithNonce(entry.zipped, nonce);
  res.setHeader("Content-Encoding", "gzip");
  return gzipWithNonce(entry.zipped, nonce);
}

/**
 * The cache key of a request for `path`: the path and only the parameters its page reads, in the
 * page's order. A page number the pages do not read as one (1, 0, 10000, "2x") is left out, so it
 * shares the first page's key, as it shows that page.
 */
export function pageCacheKey(path: string, query: URLSearchParams, params: readonly string[]): string {
  const kept: string[] = [];
  for (const name of params) {
    const value = query.get(name);
    if (value === null) continue;
    if (name === "page") {
      if (PAGE_NUMBER.test(value) && value !== "1") kept.push(`page=${value}`);
    } else kept.push(`${name}=${encodeURIComponent(value)}`);
  }
  return kept.length === 0 ? path : `${path}?${kept.join("&")}`;
}

export function createPageCache({
  paths,
  params = {},
  ttlMs = 60_000,
  maxStaleMs = 10 * 60_000,
  onMisroute,
  maxEntries = DEFAULT_PAGE_CACHE_ENTRIES,
  maxBytes = defaultPageCacheBytes(),
  scope,
  now = Date.now,
}: {
  /**
   * Whose page a request is (the host's publication): part of the key, so no publication is ever
   * served another's page. The bounds hold for all of them together.
   */
  scope?: (req: Request, res: Response) => string;
  paths: ReadonlySet<string>;
  /** The query parameters each path's page reads (others are ignored). */
  params?: Readonly<Record<string, readonly string[]>>;
  ttlMs?: number;
  maxStaleMs?: number;
  /** Told when a background render reached another page than its own (background renders stop). */
  onMisroute?: () => void;
  /** At most this many pages are kept, and at most this many bytes of them. */
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}): PageCache {
  // In order of use, least recent first (a hit moves its entry to the end).
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const keep = (key: string, entry: Entry) => {
    drop(key);
    if (entry.bytes > maxBytes || maxEntries < 1) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  };
  // Bumped per path by invalidate(): a page whose render began before a change is not kept.
  const generations = new Map<string, number>();
  // Keys being rendered now: other readers get the stale copy meanwhile.
  const rendering = new Set<string>();
  const generation = (path: string) => generations.get(path) ?? 0;
  // Bumped by dropScopes() and clear(): a render that began before is not kept at all (it may show
  // a publication's old name or list), where one overtaken by invalidate() is kept as stale.
  let epoch = 0;

  // Background renders: a queue of stale pages (key → how to ask for it), one request at a time.
  const secret = randomBytes(16).toString("hex");
  const queued = new Map<
    string,
    { host: string; port: number; path: string; headers: Record<string, string> }
  >();
  let background = 0;
  // Set when a background request reached another page than the one it was for (a proxy setting
  // that trusts the reader's forwarded host but not this server's own address): then stale pages
  // are rendered for their readers again, as before.
  let misrouted = false;
  function enqueue(key: string, req: Request) {
    const { localAddress: host, localPort: port } = req.socket ?? {};
    if (!host || !port || queued.has(key) || queued.size >= MAX_QUEUED) return;
    const headers: Record<string, string> = { [REVALIDATE_HEADER]: `${secret} ${encodeURIComponent(key)}` };
    for (const name of ASKED_WITH) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    queued.set(key, { host, port, path: req.originalUrl, headers });
    pump();
  }
  function pump() {
    if (background > 0 || misrouted) return;
    const next = queued.entries().next();
    if (next.done) return;
    const [key, ask] = next.value;
    queued.delete(key);
    background++;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      background--;
      pump();
    };
    try {
      const asking = httpRequest({ ...ask, method: "GET", agent: false, timeout: 30_000 }, (answer) => {
        answer.on("close", done);
        answer.resume();
      });
      asking.on("error", done);
      asking.on("timeout", () => asking.destroy());
      asking.end();
    } catch {
      // A path or header the request refuses: this page waits for a reader to render it.
      done();
    }
  }
  /** The key a request of the cache's own is for; undefined for any other request. */
  function ownHeader(value: unknown): string | undefined {
    if (typeof value !== "string" || !value.startsWith(`${secret} `)) return undefined;
    try {
      return decodeURIComponent(value.slice(secret.length + 1));
    } catch {
      return undefined;
    }
  }

  function send(res: Response, entry: Entry, state: string) {
    res.status(entry.status);
    for (const [k, v] of Object.entries(entry.headers)) res.setHeader(k, v);
    res.setHeader("X-Page-Cache", state);
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== "GET" && req.method !== "HEAD") || !paths.has(req.path)) return next();
    const qs = req.originalUrl.indexOf("?");
    const owner = scope?.(req, res) ?? "";
    const key = `${scope ? `${owner}\u0000` : ""}${pageCacheKey(
      req.path,
      new URLSearchParams(qs === -1 ? "" : req.originalUrl.slice(qs + 1)),
      params[req.path] ?? [],
    )}`;
    const nonce = String(res.locals.cspNonce ?? "");
    let hit = entries.get(key);
    const t = now();
    const own = ownHeader(req.headers?.[REVALIDATE_HEADER]);
    const revalidation = own !== undefined;
    if (own !== undefined && own !== key) {
      if (!misrouted) onMisroute?.();
      misrouted = true;
      queued.clear();
      return void res.status(204).end();
    }
    if (revalidation && ((hit && !hit.stale && hit.expires > t) || rendering.has(key))) {
      // Rendered already (or being rendered) since it was queued.
      return void res.status(204).end();
    }
    if (hit && hit.expires + maxStaleMs <= t) {
      drop(key);
      hit = undefined;
    } else if (hit && !revalidation) {
      // Used now: the last to leave.
      entries.delete(key);
      entries.set(key, hit);
      const old = hit.stale || hit.expires <= t;
      if (!old || rendering.has(key) || (!misrouted && (rendering.size > 0 || background > 0))) {
        // Stale while other pages render: this reader does not wait for its successor.
        if (old && !rendering.has(key)) enqueue(key, req);
        send(res, hit, old ? "stale" : "hit");
        // A stale copy (its successor rendering, or a store that is down) is for this reader only.
        if (old) res.setHeader("Cache-Control", CACHE.none);
        // Sent as bytes: no ETag to compute (each response's nonce makes it another page anyway).
        res.vary("Accept-Encoding");
        const page = bodyOf(req, res, hit, nonce);
        res.setHeader("Content-Length", page.length);
        return void res.end(page);
      }
    }
    if (rendering.has(key) && !hit) return next();
    rendering.add(key);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      rendering.delete(key);
      pump();
    };
    res.once("close", release);
    // Miss (or stale): let the page render, keep a copy of what goes out.
    const started = generation(req.path);
    const startedEpoch = epoch;
    const stale = hit;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    // Decided at the first byte, while the status and headers can still change: a failed render
    // with a stale copy to hand gives way to that copy (stale-if-error).
    let failover: boolean | undefined;
    const failingOver = () => {
      failover ??= stale !== undefined && res.statusCode >= 500 && !res.headersSent;
      return failover;
    };
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (Buffer.isBuffer(chunk)) chunks.push(chunk);
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      else if (typeof chunk === "string") {
        chunks.push(Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding));
      }
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (failingOver()) return true;
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (failingOver() && stale) {
        release();
        for (const h of ["content-length", "etag", "retry-after", ...KEPT_HEADERS]) res.removeHeader(h);
        send(res, stale, "stale-if-error");
        // The copy is older than its lifetime: no other cache may keep it.
        res.setHeader("Cache-Control", CACHE.none);
        return end(req.method === "HEAD" ? undefined : pageWithNonce(stale.zipped, nonce));
      }
      collect(chunk, rest[0]);
      const type = String(res.getHeader("content-type") ?? "");
      const page = Buffer.concat(chunks);
      const body = page.toString("utf8");
      const cacheable =
        req.method === "GET" &&
        res.statusCode === 200 &&
        type.startsWith("text/html") &&
        !res.getHeader("set-cookie") &&
        nonce !== "" &&
        startedEpoch === epoch &&
        !UNCACHEABLE_MARKERS.some((m) => body.includes(m));
      if (cacheable) {
        const headers: Record<string, string> = {};
        for (const h of KEPT_HEADERS) {
          const v = res.getHeader(h);
          if (v !== undefined) headers[h] = String(v);
        }
        const zipped = zipPage(page, nonce);
        keep(key, {
          path: req.path,
          scope: owner,
          // A refresh that landed while this page rendered makes it stale already: kept to serve
          // while busy, rendered anew when not.
          stale: started !== generation(req.path),
          zipped,
          status: 200,
          headers,
          expires: now() + ttlMs,
          bytes: weight(key, zipped),
        });
      }
      release();
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }

  return {
    middleware,
    invalidate(changed) {
      const set = new Set(changed);
      for (const path of set) generations.set(path, generation(path) + 1);
      for (const entry of entries.values()) if (set.has(entry.path)) entry.stale = true;
    },
    invalidateAll() {
      for (const path of paths) generations.set(path, generation(path) + 1);
      for (const entry of entries.values()) entry.stale = true;
    },
    dropScopes(scopes) {
      if (scopes.size === 0) return;
      // A render that began before the change (the old name, the old list) is not kept either.
      epoch++;
      for (const [key, entry] of entries) if (scopes.has(entry.scope)) drop(key);
    },
    clear() {
      epoch++;
      entries.clear();
      bytes = 0;
    },
    ownRequest: (headers) => ownHeader(headers[REVALIDATE_HEADER]) !== undefined,
    size: () => entries.size,
    bytes: () => bytes,
  };
}
