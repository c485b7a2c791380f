import type { Dispatcher } from "undici";
import { site } from "#content/site.ts";
import { parseFeedDate } from "./dates.ts";
import { decodeFeedBytes } from "./decode.ts";
import { FeedError, FeedFetchError, HttpStatusError } from "./errors.ts";
import { assertPublicHost, PrivateAddressError, publicOnlyDispatcher } from "./public-address.server.ts";

export const FETCH_TIMEOUT_MS = 15_000;
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_REDIRECTS = 5;
/** A Retry-After beyond this is treated as this; a publisher asking for a week off is misconfigured. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

const ACCEPT =
  "application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1";

export type FetchFeedOptions = {
  /** Validators from the last successful fetch, sent back for a conditional GET. */
  etag?: string;
  lastModified?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** Aborts the fetch (the engine's stop()). */
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
  /**
   * Fetch from loopback and private networks too (local fixture publishers): FEEDS_ALLOW_PRIVATE,
   * off in production, so a feed (or its redirect) cannot probe our network.
   */
  allowPrivate: boolean;
};

export type FetchFeedResult =
  | { notModified: false; body: string; url: string; etag?: string; lastModified?: string }
  | { notModified: true; url: string };

/** "ElectricLedgerFeeds/1.0 (+https://site; The Electric Ledger feed reader)": who we are, where to look. */
export function feedUserAgent(siteUrl: string): string {
  return `ElectricLedgerFeeds/1.0 (+${siteUrl}; ${site.title} feed reader)`;
}

function isHttpUrl(url: URL): boolean {
  return url.protocol === "http:" || url.protocol === "https:";
}

function describeBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let ms: number | undefined;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const date = parseFeedDate(trimmed);
    if (date) ms = Math.max(0, date.getTime() - now);
  }
  return ms === undefined ? undefined : Math.min(ms, MAX_RETRY_AFTER_MS);
}

/** Reads the (already decompressed) body, aborting as soon as it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new FeedFetchError(`Response body is larger than ${describeBytes(maxBytes)}`);
  const declared = Number(response.headers.get("content-length"));
  // Content-Length counts compressed bytes, so it can only reject early when there is no encoding.
  if (!response.headers.get("content-encoding") && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

let sharedDispatcher: Dispatcher | undefined;

/** One public-only connection pool for every feed fetch (checked when each connection is made). */
function feedDispatcher(): Dispatcher {
  sharedDispatcher ??= publicOnlyDispatcher();
  return sharedDispatcher;
}

function notPublic(host: string): FeedFetchError {
  return new FeedFetchError(`Refused: ${host} is not a public internet address`);
}

function networkError(error: unknown): FeedFetchError {
  // undici reports "fetch failed" and puts the useful part (ECONNREFUSED, ENOTFOUND...) in the cause.
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause instanceof PrivateAddressError) return new FeedFetchError(`Refused: ${cause.message}`);
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new FeedFetchError(`Network error: ${detail}`, { cause: error });
}

/**
 * GETs a feed with the engine's rules: overall timeout (redirects and body included), body cap on
 * decompressed bytes, manual redirects (counted, loops detected, http(s) only), conditional GET.
 * A non-OK answer throws HttpStatusError ('HTTP error! status: {code}'); everything else that can go
 * wrong throws FeedFetchError.
 */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchFeedResult> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const doFetch = options.fetch ?? globalThis.fetch;
  const { allowPrivate } = options;
  const dispatcher = allowPrivate ? undefined : feedDispatcher();

  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new FeedFetchError(`Timed out after ${timeoutMs / 1000} s`)),
    timeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;

  const headers: Record<string, string> = {
    accept: ACCEPT,
    "accept-encoding": "gzip, deflate, br",
    "user-agent": options.userAgent ?? feedUserAgent("http://localhost"),
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;

  try {
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      throw new FeedFetchError(`Invalid feed URL: ${url}`);
    }
    if (!isHttpUrl(current)) throw new FeedFetchError(`Unsupported URL scheme: ${current.protocol}`);
    const visited = new Set([current.href]);

    for (let redirects = 0; ; redirects++) {
      if (!allowPrivate) {
        // An IP literal is connected to without a lookup; names are checked by the dispatcher.
        try {
          assertPublicHost(current);
        } catch {
          throw notPublic(current.hostname);
        }
      }
      const response = await doFetch(current.href, {
        headers,
        redirect: "manual",
        signal,
        ...(dispatcher ? { dispatcher } : {}),
      } as RequestInit);
      const { status } = response;

      if (status === 301 || status === 302 || status === 303 || status === 307 || status === 308) {
        const location = response.headers.get("location");
        await response.body?.cancel().catch(() => {});
        if (!location) throw new HttpStatusError(status);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new FeedFetchError(`Invalid redirect location: ${location}`);
        }
        if (!isHttpUrl(next))
          throw new FeedFetchError(`Redirect to an unsupported URL scheme: ${next.protocol}`);
        if (visited.has(next.href)) throw new FeedFetchError(`Redirect loop at ${next.href}`);
        if (redirects + 1 > maxRedirects)
          throw new FeedFetchError(`Too many redirects (more than ${maxRedirects})`);
        visited.add(next.href);
        current = next;
        continue;
      }

      if (status === 304) {
        await response.body?.cancel().catch(() => {});
        return { notModified: true, url: current.href };
      }

      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        const retryAfter =
          status === 429 || status === 503 ? parseRetryAfter(response.headers.get("retry-after")) : undefined;
        throw new HttpStatusError(status, retryAfter);
      }

      const bytes = await readCapped(response, maxBytes);
      const result: FetchFeedResult = {
        notModified: false,
        body: decodeFeedBytes(bytes, response.headers.get("content-type")),
        url: current.href,
      };
      const etag = response.headers.get("etag");
      const lastModified = response.headers.get("last-modified");
      if (etag) result.etag = etag;
      if (lastModified) result.lastModified = lastModified;
      return result;
    }
  } catch (error) {
    if (timeout.signal.aborted) throw timeout.signal.reason;
    if (options.signal?.aborted) throw new FeedFetchError("Fetch cancelled", { cause: error });
    if (error instanceof FeedError) throw error;
    throw networkError(error);
  } finally {
    clearTimeout(timer);
  }
}
