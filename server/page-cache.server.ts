import type { NextFunction, Request, RequestHandler, Response } from "express";

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
 * Each response carries its own CSP nonce, so a cached page is kept with its nonce replaced by a
 * placeholder and gets the new request's nonce on the way out.
 */
export type PageCache = {
  middleware: RequestHandler;
  /** Marks these paths' pages (every page number) stale. */
  invalidate(paths: readonly string[]): void;
  clear(): void;
  size(): number;
};

type Entry = {
  path: string;
  body: string;
  status: number;
  headers: Record<string, string>;
  expires: number;
  stale: boolean;
};

const PLACEHOLDER = "\u0000nonce\u0000";
const KEPT_HEADERS = ["content-type", "cache-control", "vary"];
/** Pages that must never be kept: an error state, a not-found page. */
const UNCACHEABLE_MARKERS = ["data-load-error", 'id="not-found-title"', 'id="error-title"'];
/** A page number as the pages read it: 2 to 9999 (1, absent and anything else mean the first page). */
const PAGE_NUMBER = /^[1-9]\d{0,3}$/;

/** The cache key of a request for `path`, or undefined when the query holds something the page reads oddly. */
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
  now = Date.now,
}: {
  paths: ReadonlySet<string>;
  /** The query parameters each path's page reads (others are ignored). */
  params?: Readonly<Record<string, readonly string[]>>;
  ttlMs?: number;
  maxStaleMs?: number;
  now?: () => number;
}): PageCache {
  const entries = new Map<string, Entry>();
  // Bumped per path by invalidate(): a page whose render began before a change is not kept.
  const generations = new Map<string, number>();
  // Keys being rendered now: other readers get the stale copy meanwhile.
  const rendering = new Set<string>();
  const generation = (path: string) => generations.get(path) ?? 0;

  function middleware(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== "GET" && req.method !== "HEAD") || !paths.has(req.path)) return next();
    const qs = req.originalUrl.indexOf("?");
    const key = pageCacheKey(
      req.path,
      new URLSearchParams(qs === -1 ? "" : req.originalUrl.slice(qs + 1)),
      params[req.path] ?? [],
    );
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = entries.get(key);
    const t = now();
    if (hit && hit.expires + maxStaleMs <= t) entries.delete(key);
    else if (hit && ((!hit.stale && hit.expires > t) || rendering.has(key))) {
      res.status(hit.status);
      for (const [k, v] of Object.entries(hit.headers)) res.setHeader(k, v);
      res.setHeader("X-Page-Cache", hit.stale || hit.expires <= t ? "stale" : "hit");
      return void res.send(hit.body.replaceAll(PLACEHOLDER, nonce));
    }
    if (rendering.has(key) && !hit) return next();
    rendering.add(key);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      rendering.delete(key);
    };
    res.once("close", release);
    // Miss (or stale): let the page render, keep a copy of what goes out.
    const started = generation(req.path);
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (Buffer.isBuffer(chunk)) chunks.push(chunk);
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      else if (typeof chunk === "string") {
        chunks.push(Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding));
      }
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const type = String(res.getHeader("content-type") ?? "");
      const body = Buffer.concat(chunks).toString("utf8");
      const cacheable =
        req.method === "GET" &&
        res.statusCode === 200 &&
        type.startsWith("text/html") &&
        !res.getHeader("set-cookie") &&
        // A refresh that landed while this page rendered makes it stale already.
        started === generation(req.path) &&
        nonce !== "" &&
        !UNCACHEABLE_MARKERS.some((m) => body.includes(m));
      if (cacheable) {
        const headers: Record<string, string> = {};
        for (const h of KEPT_HEADERS) {
          const v = res.getHeader(h);
          if (v !== undefined) headers[h] = String(v);
        }
        entries.set(key, {
          path: req.path,
          stale: false,
          body: body.replaceAll(nonce, PLACEHOLDER),
          status: 200,
          headers,
          expires: now() + ttlMs,
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
    clear() {
      for (const path of paths) generations.set(path, generation(path) + 1);
      entries.clear();
    },
    size: () => entries.size,
  };
}
