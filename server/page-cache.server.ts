import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * A short cache of rendered pages (the home page and the section pages). Rendering is the costly
 * part of a page view (~5 ms of CPU each); the store changes only when a feed refresh brings new
 * articles, and then the feed engine empties this cache. Entries also expire after `ttlMs`.
 *
 * Each response carries its own CSP nonce, so a cached page is kept with its nonce replaced by a
 * placeholder and gets the new request's nonce on the way out.
 */
export type PageCache = {
  middleware: RequestHandler;
  clear(): void;
  size(): number;
};

type Entry = { body: string; status: number; headers: Record<string, string>; expires: number };

const PLACEHOLDER = "\u0000nonce\u0000";
const KEPT_HEADERS = ["content-type", "cache-control", "vary"];
/** Pages that must never be kept: an error state, a not-found page. */
const UNCACHEABLE_MARKERS = ["data-load-error", 'id="not-found-title"', 'id="error-title"'];

export function createPageCache({
  paths,
  ttlMs = 60_000,
  now = Date.now,
}: {
  paths: ReadonlySet<string>;
  ttlMs?: number;
  now?: () => number;
}): PageCache {
  const entries = new Map<string, Entry>();
  // Bumped by clear(): a page whose render began before a store change is not kept.
  let generation = 0;

  function middleware(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== "GET" && req.method !== "HEAD") || !paths.has(req.path) || req.url !== req.path) {
      return next();
    }
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = entries.get(req.path);
    if (hit && hit.expires > now()) {
      res.status(hit.status);
      for (const [k, v] of Object.entries(hit.headers)) res.setHeader(k, v);
      res.setHeader("X-Page-Cache", "hit");
      return void res.send(hit.body.replaceAll(PLACEHOLDER, nonce));
    }
    // Miss: let the page render, keep a copy of what goes out.
    const started = generation;
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
        started === generation &&
        nonce !== "" &&
        !UNCACHEABLE_MARKERS.some((m) => body.includes(m));
      if (cacheable) {
        const headers: Record<string, string> = {};
        for (const h of KEPT_HEADERS) {
          const v = res.getHeader(h);
          if (v !== undefined) headers[h] = String(v);
        }
        entries.set(req.path, {
          body: body.replaceAll(nonce, PLACEHOLDER),
          status: 200,
          headers,
          expires: now() + ttlMs,
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }

  return {
    middleware,
    clear() {
      generation++;
      entries.clear();
    },
    size: () => entries.size,
  };
}
