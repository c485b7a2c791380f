import type { ContactCategory, ContactMessage } from "#domain/contact.ts";
import type { FeedStore } from "./feed-store.ts";

/** A stored contact message. `createdAt` is an ISO time. */
export type StoredMessage = {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  category: ContactCategory | null;
  subject: string;
  message: string;
};

/** A rate limit's answer: allowed, or refused with how long until the oldest counted event leaves the window. */
export type RateTake = { ok: true } | { ok: false; retryAfterMs: number };

/** How long a newsletter confirmation link works; an address not confirmed by then is forgotten. */
export const PENDING_DAYS = 7;

/** A newsletter address: pending until its owner follows the confirmation link, then confirmed. */
export type Subscriber = {
  email: string;
  createdAt: string;
  status: "pending" | "confirmed";
  confirmedAt: string | null;
  /** Pending only: the confirmation token and when it stops working. */
  token: string | null;
  expiresAt: string | null;
};

/** What a queued mail is: a confirmation link, a contact message's note to the newsroom, or an edition. */
export type MailKind = "confirm" | "contact" | "edition";
/** queued (waiting or being tried), sent, failed (refused for good or given up), skipped (nobody to send it to any more). */
export type MailStatus = "queued" | "sent" | "failed" | "skipped";

/** A mail a sender has claimed, with what it needs to write it. */
export type ClaimedMail = {
  id: number;
  /** Whose mail it is: the publication it is written and sent as. */
  publication: string;
  kind: MailKind;
  /** The address it goes to; "" for the newsroom (contact), whose address is the site's. */
  recipient: string;
  /** The contact message's id (contact) or the edition's id (edition); null for a confirmation. */
  ref: number | null;
  /** Tries so far, this one included. */
  attempts: number;
  createdAt: string;
  /** The recipient's newsletter row (confirm, edition); null when it is gone (unsubscribed, expired). */
  subscriber: {
    confirmed: boolean;
    bounced: boolean;
    /** Pending only: the confirmation token and when it stops working. */
    token: string | null;
    expiresAt: string | null;
    /** Confirmed only: the token of the address's unsubscribe link. */
    unsubscribeToken: string | null;
  } | null;
};

/** One day's edition, rendered once: every copy is this with the subscriber's own unsubscribe link. */
export type Edition = {
  id: number;
  /** YYYY-MM-DD in the site's time zone. */
  day: string;
  createdAt: string;
  subject: string;
  html: string;
  text: string;
  /** Confirmed addresses when it was made (each got one queued copy). */
  recipients: number;
};

export type EditionStatus = Omit<Edition, "html" | "text"> & Record<MailStatus, number>;

/**
 * The whole store as the rest of the server sees it: asynchronous, no driver types. SQLite
 * (store.server.ts) is the embedded implementation; PostgreSQL (postgres/store.server.ts) the one
 * for many processes. open.server.ts chooses between them.
 */
export type Store = {
  feeds: FeedStore;
  /**
   * One publication's readers' rows: its contact messages, newsletter addresses and editions
   * (ADR 0017). The store's own `messages`, `subscribers` and `editions` are the bundled site's.
   */
  publication(slug: string): PublicationRows;
  /**
   * Readers' messages from /contact, for the newsroom (npm run messages). Storing one queues its
   * notification to the newsroom in the same transaction, so no stored message goes unnoticed.
   */
  messages: {
    /** Stores one message and returns its id; rejects when the store cannot take it. */
    insert(message: ContactMessage, now?: Date): Promise<number>;
    /**
     * Stores a message sent with the form's one-time `sendId` unless the same send (same id and
     * text) is already stored: a reload or a double click is stored once.
     */
    insertOnce(
      message: ContactMessage,
      sendId: string,
      now?: Date,
    ): Promise<{ id: number; duplicate: boolean }>;
    /** One stored message (its newsroom notification is written from it). */
    get(id: number): Promise<StoredMessage | undefined>;
    /** Newest first (ties by id, so the order is stable). */
    list(options?: { limit?: number }): Promise<StoredMessage[]>;
    count(): Promise<number>;
  };
  /** Newsletter sign-ups (npm run subscribers). */
  subscribers: {
    /**
     * A sign-up (address already trimmed and lower-cased): a new address is stored pending with a
     * fresh token, a pending one keeps its token and its first expiry, a confirmed one is left alone.
     * `token` is set when a confirmation link should go out. With `mailEveryMs`, a pending address
     * whose last confirmation mail is older than that gets one queued (in the same transaction):
     * `mailed` says so.
     */
    request(
      email: string,
      now?: Date,
      options?: { mailEveryMs?: number },
    ): Promise<{ status: "pending" | "confirmed"; token?: string; mailed?: boolean }>;
    /**
     * Confirms the pending address a token names (giving it an unsubscribe token); false for an
     * unknown, used or expired token.
     */
    confirm(token: string, now?: Date): Promise<boolean>;
    /** Whether an unsubscribe token names a subscribed address. */
    isSubscribedToken(token: string): Promise<boolean>;
    /** Forgets the address an unsubscribe token names; false when none does (already gone). */
    unsubscribe(token: string): Promise<boolean>;
    /** How many addresses an edition made now would go to (confirmed, not refused). */
    mailable(): Promise<number>;
    /** A mail server refused the address for good: no edition goes to it again. */
    markBounced(email: string, now?: Date): Promise<void>;
    /** Whether a token names a pending address whose link still works. */
    isPendingToken(token: string, now?: Date): Promise<boolean>;
    /** Oldest first; expired pending addresses are forgotten first. */
    list(now?: Date): Promise<Subscriber[]>;
  };
  /**
   * Sliding-window limits shared by every process on the database (the contact form, sign-ups):
   * counts one event for `client` in `bucket` unless `limit` events fell within the last
   * `windowMs`. The server uses it on PostgreSQL; on SQLite (one process) it limits in memory.
   */
  /**
   * A count waits at most RATE_LIMIT_WAIT_MS for its locks and statements (PostgreSQL): the limiter
   * gives up then, and an abandoned count must not keep holding a request-pool connection.
   */
  rateLimits: {
    /** Deletes only this client's expired events: the rest are prune's, off the request path. */
    take(bucket: string, client: string, limit: number, windowMs: number, nowMs?: number): Promise<RateTake>;
    /** Deletes at most `batch` events of `bucket` at or before `beforeMs`; how many it deleted. */
    prune(bucket: string, beforeMs: number, batch: number): Promise<number>;
  };
  /**
   * Outgoing mail, recorded so that none is lost or sent twice across crashes and processes: a
   * sender claims due mails for a while (a lease), marks each sent in the database before the mail
   * server may accept it (the final dot of SMTP DATA follows the commit), and puts back or fails
   * the ones that did not go.
   */
  mail: {
    /**
     * Claims up to `limit` due, unclaimed queued mails for `owner` until now + `leaseMs`, counting
     * a try for each: confirmations and newsroom notes first, then editions (when `editions`).
     */
    claim(
      owner: string,
      limit: number,
      options: { leaseMs: number; editions: boolean; now?: Date },
    ): Promise<ClaimedMail[]>;
    /**
     * Marks a queued mail sent by `owner`, which must hold its claim; false when it is not queued
     * any more or another sender has claimed it since (then this one must not send it).
     */
    markSent(id: number, owner: string, now?: Date): Promise<boolean>;
    /**
     * Back to the queue, due at `nextAt` (a temporary failure; also undoes `owner`'s markSent when
     * the server refused after the dot). Only while `owner` holds it: a sender whose claim lapsed
     * and went to another changes nothing.
     */
    retry(id: number, owner: string, nextAt: Date, error: string): Promise<void>;
    /** Refused for good, given up, or nobody to send it to: not tried again (only `owner`'s). */
    finish(id: number, owner: string, status: "failed" | "skipped", error: string): Promise<void>;
    /** Gives back what `owners` had claimed and not sent (a stopping or dead process's claims). */
    release(owners: readonly string[]): Promise<void>;
    /** Who holds claims on queued mails now (to find a dead process's). */
    claimants(now?: Date): Promise<string[]>;
    /** When the earliest queued mail is due (ISO time), or undefined when none is queued. */
    nextDue(options: { editions: boolean }): Promise<string | undefined>;
    /** How many mails of each status (all, or one kind). */
    counts(kind?: MailKind): Promise<Record<MailStatus, number>>;
    /** Deletes finished mails (sent, failed, skipped) and editions made before `before`; how many mails. */
    prune(before: Date): Promise<number>;
  };
  editions: {
    /**
     * Makes the day's edition and queues one copy for every confirmed address not bounced, in one
     * transaction, unless the day has one already (then nothing changes: `created` false).
     */
    create(
      day: string,
      mail: { subject: string; html: string; text: string },
      now?: Date,
    ): Promise<{ id: number; created: boolean; recipients: number }>;
    get(id: number): Promise<Edition | undefined>;
    byDay(day: string): Promise<Edition | undefined>;
    /** The newest editions first, each with its copies' counts by status. */
    recent(limit: number): Promise<EditionStatus[]>;
  };
  images: {
    /** Whether a stored article names this image (the image proxy relays nothing else). */
    isStoredImage(url: string): Promise<boolean>;
  };
  /** A trivial query: resolves when the database answers (readiness), rejects when it cannot. */
  ping(): Promise<void>;
  /** The database's own consistency check: [] when sound, else the problems it reports. */
  integrityProblems(): Promise<string[]>;
  /**
   * Resolves once the store is open and migrated; rejects with the reason it cannot be. SQLite
   * opens synchronously (openStore throws); PostgreSQL connects and migrates in the background,
   * and every call waits for that.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/** A publication's contact messages, newsletter addresses and editions. */
export type PublicationRows = Pick<Store, "messages" | "subscribers" | "editions">;

/** How long a request waits for the database's rate-limit count before it is let through (and that logged). */
export const RATE_LIMIT_WAIT_MS = 2000;
