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

/**
 * The whole store as the rest of the server sees it: asynchronous, no driver types. SQLite
 * (store.server.ts) is the embedded implementation; PostgreSQL (postgres/store.server.ts) the one
 * for many processes. open.server.ts chooses between them.
 */
export type Store = {
  feeds: FeedStore;
  /** Readers' messages from /contact, for the newsroom (npm run messages). */
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
    /** Newest first (ties by id, so the order is stable). */
    list(options?: { limit?: number }): Promise<StoredMessage[]>;
    count(): Promise<number>;
  };
  /** Newsletter sign-ups (npm run subscribers). */
  subscribers: {
    /**
     * A sign-up (address already trimmed and lower-cased): a new address is stored pending with a
     * fresh token, a pending one keeps its token and its first expiry, a confirmed one is left alone.
     * `token` is set when a confirmation link should go out.
     */
    request(email: string, now?: Date): Promise<{ status: "pending" | "confirmed"; token?: string }>;
    /** Confirms the pending address a token names; false for an unknown, used or expired token. */
    confirm(token: string, now?: Date): Promise<boolean>;
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

/** How long a request waits for the database's rate-limit count before it is let through (and that logged). */
export const RATE_LIMIT_WAIT_MS = 2000;
