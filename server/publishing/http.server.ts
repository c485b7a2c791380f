import { createHash } from "node:crypto";
import { CACHE, type CachePolicy } from "#server/http/cache-policies.server.ts";
import { StoreUnavailableError } from "#server/ingest/errors.ts";

export type TextFileOptions = {
  /** Names the document (e.g. "rss"), for remembering when its bytes last changed. */
  key: string;
  contentType: string;
  cacheControl: CachePolicy;
  now?: Date;
};

/** A strong ETag from the bytes: the same document always gets the same tag. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** Compares ETags weakly (W/"x" equals "x"), as If-None-Match does (RFC 9110 §13.1.2). */
function matchesEtag(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return header
    .split(",")
    .map((t) => t.trim())
    .some((t) => t === "*" || t.replace(/^W\//, "") === bare);
}

/** Whole seconds: HTTP dates carry no milliseconds. */
function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * Whether the client's copy is current (RFC 9110 §13.2.2): If-None-Match decides when it is sent;
 * otherwise If-Modified-Since, against Last-Modified.
 */
export function isNotModified(request: Request, etag: string, lastModified?: Date): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const inm = request.headers.get("if-none-match");
  if (inm !== null) return matchesEtag(inm, etag);
  const ims = request.headers.get("if-modified-since");
  if (ims === null || !lastModified) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && seconds(lastModified) <= Math.floor(since / 1000);
}

const firstServed = new Map<string, { etag: string; at: Date }>();

/**
 * When this process first served these bytes of a document: its Last-Modified. Taken from the bytes
 * rather than from the content's dates, so a change that moves no date forward (a post deleted, a
 * story aging out of the news sitemap) still counts as a change. After a restart every document
 * is new once, which costs a client one full download, never a stale copy.
 */
export function servedSince(key: string, etag: string, now: Date = new Date()): Date {
  const previous = firstServed.get(key);
  if (previous?.etag === etag) return previous.at;
  const at = new Date(seconds(now) * 1000);
  firstServed.set(key, { etag, at });
  return at;
}

/** A generated text file with validators; 304 with no body when the client's copy is current. */
export function textFileResponse(request: Request, body: string, options: TextFileOptions): Response {
  const etag = etagOf(body);
  const lastModified = servedSince(options.key, etag, options.now);
  const headers = new Headers({
    "Content-Type": options.contentType,
    "Cache-Control": options.cacheControl,
    ETag: etag,
    "Last-Modified": lastModified.toUTCString(),
  });
  if (isNotModified(request, etag, lastModified)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

/**
 * A generated document whose data the store could not give: 503, kept by no cache, and a crawler
 * comes back later (a sitemap without its dates would look like a changed document).
 */
export function unavailableResponse(): Response {
  return new Response("The site's article store is unavailable right now; try again shortly.\n", {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": CACHE.none,
      "Retry-After": "30",
    },
  });
}

/** The document `make` builds, or unavailableResponse() when the store cannot be read. */
export async function unlessStoreDown(make: () => Promise<Response>): Promise<Response> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof StoreUnavailableError) return unavailableResponse();
    throw error;
  }
}
