import type { NewsletterResult } from "#domain/newsletter.ts";
import { parseNewsletter } from "#domain/newsletter.ts";
import type { Config } from "#server/config.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { logger } from "#server/logger.server.ts";
import { PENDING_DAYS, type Store } from "#server/store/store.ts";
import { type LimitStore, limiterFor, type RateLimiter } from "./rate-limit.server.ts";

export type NewsletterReply = { status: number; body: NewsletterResult; headers: Record<string, string> };

export type NewsletterDeps = {
  subscribers: Store["subscribers"];
  limiter: RateLimiter;
  /** Who asked, for the rate limit (the client's address). */
  clientKey: string;
  log?: Pick<typeof logger, "info" | "error">;
  now?: Date;
  /** A confirmation mail was queued: the mail sender sends it now rather than at its next look. */
  mailQueued?: () => void;
};

export { CONFIRM_PATH, confirmLink } from "#domain/newsletter.ts";

/** One confirmation mail per address per this window, however often its owner signs up. */
export const CONFIRM_MAIL_EVERY_MS = 10 * 60_000;
/** Sign-ups one client may send per window. */
export const NEWSLETTER_WINDOW_MS = 10 * 60_000;

/** The same words for a new, a pending and a subscribed address, so the form tells nobody who is on the list. */
export function checkInboxMessage(email: string): string {
  return `Almost done: if ${email} is not subscribed yet, we have sent it a link to confirm. The link works for ${PENDING_DAYS} days.`;
}

function rateLimited(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many sign-ups from your connection. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}

/**
 * The newsletter sign-up: validate, apply the per-client limit, store the address pending until
 * its owner confirms (double opt-in), with its confirmation mail queued in the same transaction
 * (at most one per address per CONFIRM_MAIL_EVERY_MS).
 */
export async function handleNewsletter(form: FormData, deps: NewsletterDeps): Promise<NewsletterReply> {
  const log = deps.log ?? logger;
  const headers: Record<string, string> = { "Cache-Control": CACHE.none };
  const parsed = parseNewsletter(form);
  // A typing mistake is answered in the form (200, as before), not as a failed request.
  if ("error" in parsed)
    return {
      status: 200,
      headers,
      body: { ok: false, error: parsed.error, email: parsed.email.slice(0, 254) },
    };
  const decision = await deps.limiter.take(deps.clientKey);
  if (!decision.ok) {
    return {
      status: 429,
      headers: { ...headers, "Retry-After": String(Math.ceil(decision.retryAfterMs / 1000)) },
      body: { ok: false, error: rateLimited(decision.retryAfterMs), email: parsed.email },
    };
  }
  try {
    const { mailed } = await deps.subscribers.request(parsed.email, deps.now, {
      mailEveryMs: CONFIRM_MAIL_EVERY_MS,
    });
    if (mailed) {
      log.info(
        { event: "newsletter.pending" },
        "newsletter sign-up waits for confirmation; its mail is queued",
      );
      deps.mailQueued?.();
    }
  } catch (error) {
    log.error(
      { event: "newsletter.store_failed", err: String(error) },
      "newsletter sign-up could not be stored",
    );
    return {
      status: 503,
      headers,
      body: {
        ok: false,
        error: "We could not save your sign-up just now. Please try again.",
        email: parsed.email,
      },
    };
  }
  return { status: 200, headers, body: { ok: true, message: checkInboxMessage(parsed.email) } };
}

/**
 * The newsletter limiter: NEWSLETTER_RATE_LIMIT sign-ups per client per 10 minutes, in memory on
 * SQLite, in the database on PostgreSQL (shared by every process).
 */
export function newsletterLimiter(
  config: Pick<Config, "NEWSLETTER_RATE_LIMIT">,
  store?: LimitStore,
): RateLimiter {
  const options = { limit: config.NEWSLETTER_RATE_LIMIT, windowMs: NEWSLETTER_WINDOW_MS };
  return limiterFor("newsletter", options, store);
}

/** A token is a random URL-safe string; anything else is not one of ours. */
export function readConfirmToken(value: unknown): string {
  return typeof value === "string" && /^[\w-]{16,64}$/.test(value) ? value : "";
}

/** Whether a confirmation link still works (the page then offers its Confirm button). */
export async function confirmableToken(subscribers: Store["subscribers"], value: unknown): Promise<string> {
  const token = readConfirmToken(value);
  return token !== "" && (await subscribers.isPendingToken(token)) ? token : "";
}

/** Confirms the address a link names; false when the link is unknown, used or expired. */
export async function confirmNewsletter(subscribers: Store["subscribers"], value: unknown): Promise<boolean> {
  const token = readConfirmToken(value);
  return token !== "" && (await subscribers.confirm(token));
}

/** Whether an unsubscribe link names an address on the list (the page then offers its button). */
export async function subscribedToken(subscribers: Store["subscribers"], value: unknown): Promise<string> {
  const token = readConfirmToken(value);
  return token !== "" && (await subscribers.isSubscribedToken(token)) ? token : "";
}

/**
 * Unsubscribes the address an unsubscribe link names: at once, without asking anything (RFC 8058's
 * one-click POST comes from the mailbox provider). "unknown" for a token that is not one of ours;
 * an address already gone is unsubscribed all the same (a second click, a second POST).
 */
export async function unsubscribeNewsletter(
  subscribers: Pick<Store["subscribers"], "unsubscribe">,
  value: unknown,
  log: Pick<typeof logger, "info"> = logger,
): Promise<"unsubscribed" | "unknown"> {
  const token = readConfirmToken(value);
  if (token === "") return "unknown";
  if (await subscribers.unsubscribe(token))
    log.info({ event: "newsletter.unsubscribed" }, "an address unsubscribed");
  return "unsubscribed";
}
