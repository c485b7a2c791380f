import { site } from "#content/site.ts";
import {
  type ContactResult,
  HONEYPOT_FIELD,
  readContactForm,
  readSendId,
  SEND_ID_FIELD,
  SENT_TEXT,
  SENT_TITLE,
} from "#domain/contact.ts";
import { validateContact } from "#domain/contact-schema.ts";
import type { Config } from "#server/config.server.ts";
import { logger } from "#server/logger.server.ts";
import type { Store } from "#server/store/store.ts";
import { type LimitStore, limiterFor, type RateLimiter } from "./rate-limit.server.ts";

export type ContactReply = { status: number; body: ContactResult; headers?: Record<string, string> };

export type ContactDeps = {
  messages: Pick<Store["messages"], "insert" | "insertOnce">;
  limiter: RateLimiter;
  /** Who sent it, for the rate limit (the client's address). */
  clientKey: string;
  log?: Pick<typeof logger, "info" | "error">;
  /** A message was stored (and its newsroom note queued with it): the mail sender sends the note now. */
  mailQueued?: () => void;
  /** The publication's newsroom, named when a message cannot be stored (the bundled site's by default). */
  newsroomEmail?: string;
};

/** The answer when the store cannot take a message, naming the publication's newsroom. */
export const storeFailed = (newsroomEmail: string) =>
  `Sorry, your message could not be sent just now. Nothing is lost: it is still in the form below. Please try again in a few minutes, or email ${newsroomEmail}.`;

export const STORE_FAILED = storeFailed(site.newsroomEmail);

export function rateLimitedMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `You have sent several messages in a short time. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} before sending another; your message is still in the form below.`;
}

/**
 * The contact action: validate with the shared schema, drop honeypot submissions, apply the
 * per-client limit, store. Every failure keeps what the reader typed; only a stored message is a success.
 */
export async function handleContact(form: FormData, deps: ContactDeps): Promise<ContactReply> {
  const log = deps.log ?? logger;
  const values = readContactForm(form);
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    // Answer as if it worked, so the bot learns nothing; keep nothing.
    log.info({ event: "contact.honeypot" }, "contact form honeypot filled; message dropped");
    return { status: 200, body: { ok: true, title: SENT_TITLE, message: SENT_TEXT } };
  }
  const checked = validateContact(values);
  if (!checked.ok) return { status: 400, body: { ok: false, values, errors: checked.errors } };
  const decision = await deps.limiter.take(deps.clientKey);
  if (!decision.ok) {
    return {
      status: 429,
      body: { ok: false, values, formError: rateLimitedMessage(decision.retryAfterMs) },
      headers: { "Retry-After": String(Math.ceil(decision.retryAfterMs / 1000)) },
    };
  }
  try {
    const sendId = readSendId(form.get(SEND_ID_FIELD));
    if (sendId) {
      const { id, duplicate } = await deps.messages.insertOnce(checked.data, sendId);
      if (duplicate) log.info({ event: "contact.duplicate" }, "contact message sent again; stored once");
      else {
        log.info({ event: "contact.stored", id }, "contact message stored");
        deps.mailQueued?.();
      }
    } else {
      const id = await deps.messages.insert(checked.data);
      log.info({ event: "contact.stored", id }, "contact message stored");
      deps.mailQueued?.();
    }
  } catch (error) {
    log.error({ event: "contact.store_failed", err: error }, "contact message could not be stored");
    return {
      status: 503,
      body: {
        ok: false,
        values,
        formError: deps.newsroomEmail ? storeFailed(deps.newsroomEmail) : STORE_FAILED,
      },
    };
  }
  return { status: 200, body: { ok: true, title: SENT_TITLE, message: SENT_TEXT } };
}

/**
 * The contact limiter, from CONTACT_RATE_LIMIT per CONTACT_RATE_WINDOW_MINUTES: in this process's
 * memory on SQLite, in the database on PostgreSQL (shared by every process).
 */
export function contactLimiter(
  config: Pick<Config, "CONTACT_RATE_LIMIT" | "CONTACT_RATE_WINDOW_MINUTES">,
  store?: LimitStore,
): RateLimiter {
  const options = { limit: config.CONTACT_RATE_LIMIT, windowMs: config.CONTACT_RATE_WINDOW_MINUTES * 60_000 };
  return limiterFor("contact", options, store);
}
