/**
 * The feed engine's errors. Their messages are the spec's error catalogue (§8) word for word where
 * the catalogue has words; the rest say plainly what went wrong, for logs and /api/health/feeds.
 */
export class FeedError extends Error {
  override name = "FeedError";
}

/** A non-OK HTTP answer. `retryAfterMs` is set when a 429/503 carried a usable Retry-After. */
export class HttpStatusError extends FeedError {
  override name = "HttpStatusError";
  readonly status: number;
  readonly retryAfterMs: number | undefined;
  constructor(status: number, retryAfterMs?: number) {
    super(`HTTP error! status: ${status}`);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Anything that is not a well-formed RSS, RDF or Atom document. */
export class FeedParseError extends FeedError {
  override name = "FeedParseError";
  constructor(options?: { cause?: unknown }) {
    super("Failed to parse RSS XML", options);
  }
}

export class UnknownSectionError extends FeedError {
  override name = "UnknownSectionError";
  readonly section: string;
  constructor(section: string) {
    super(`No RSS feed configured for section: ${section}`);
    this.section = section;
  }
}

/** Network-level failures: timeout, size limit, redirects, refused connections. */
export class FeedFetchError extends FeedError {
  override name = "FeedFetchError";
}

/** A bad feeds.json (or FEEDS_CONFIG file); the message names the file and the problem. */
export class FeedsConfigError extends FeedError {
  override name = "FeedsConfigError";
}

/**
 * The store could not be read (the database is down, locked, or gone). Never an empty list: a
 * page shows its failure state (503, not cached) or the last good copy instead.
 */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
  constructor(what: string, options?: { cause?: unknown }) {
    super(`The article store could not be read (${what})`, options);
  }
}

/** The words to log or show for any error. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
