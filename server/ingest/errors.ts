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

/**
 * The words to log or show for any error: an Error's message; a plain object's (pg-boss emits
 * `{ ...error, message, stack }`, which String() would make "[object Object]"); an AggregateError's
 * first cause when it has no message of its own (a refused connection to every address).
 */
export function errorMessage(error: unknown): string {
  const { message, errors } = (typeof error === "object" && error !== null ? error : {}) as {
    message?: unknown;
    errors?: unknown;
  };
  if (typeof message === "string" && message !== "") return message;
  if (Array.isArray(errors) && errors.length > 0) return errorMessage(errors[0]);
  if (error instanceof Error) return error.name;
  return typeof error === "object" && error !== null ? safeJson(error) : String(error);
}

/** An error's message, first line only, with its code when it has one: "connect ECONNREFUSED … (ECONNREFUSED)". */
export function errorLine(error: unknown): string {
  const code = errorCode(error);
  return `${errorMessage(error).split("\n")[0]}${code ? ` (${code})` : ""}`;
}

/** An error's code when it has one (PostgreSQL's SQLSTATE, a socket's errno name). */
export function errorCode(error: unknown): string | undefined {
  const { code, errors } = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && code !== "") return code;
  if (Array.isArray(errors) && errors.length > 0) return errorCode(errors[0]);
  return undefined;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 300) ?? String(value);
  } catch {
    return String(value);
  }
}
