import type { DatabaseSync } from "node:sqlite";
import { BUNDLED_SLUG } from "#domain/publication.ts";
import type { PublicationRows, Store } from "#server/store/store.ts";
import { integrityProblems, openDatabase } from "./db.server.ts";
import { createFeedStore } from "./feed-store.server.ts";
import { isStoredImage } from "./images.server.ts";
import { createMailStore } from "./mail.server.ts";
import {
  countMessages,
  getMessage,
  insertMessage,
  insertMessageOnce,
  listMessages,
} from "./messages.server.ts";
import { pruneRates, takeRate } from "./rate-limits.server.ts";
import {
  confirmSubscription,
  countMailable,
  isPendingToken,
  isSubscribedToken,
  listSubscribers,
  markBounced,
  requestSubscription,
  unsubscribe,
} from "./subscribers.server.ts";

export type { Store } from "#server/store/store.ts";

/** Opens the SQLite store in `dataDir` (DATA_DIR/news.db), migrated to the latest schema. */
export function openSqliteStore(dataDir: string): Store {
  return createStore(openDatabase(dataDir));
}

/** The store's interface over an open SQLite database (tests set up rows through `db` directly). */
export function createStore(db: DatabaseSync): Store {
  let closed = false;
  const { mail, editionsFor } = createMailStore(db);
  const rowsOf = (p: string): PublicationRows => ({
    messages: {
      insert: async (message, now) => insertMessage(db, p, message, now),
      insertOnce: async (message, sendId, now) => insertMessageOnce(db, p, message, sendId, now),
      get: async (id) => getMessage(db, p, id),
      list: async (options) => listMessages(db, p, options),
      count: async () => countMessages(db, p),
    },
    subscribers: {
      request: async (email, now, options) => requestSubscription(db, p, email, now, options),
      confirm: async (token, now) => confirmSubscription(db, p, token, now),
      isSubscribedToken: async (token) => isSubscribedToken(db, p, token),
      unsubscribe: async (token) => unsubscribe(db, p, token),
      markBounced: async (email, now) => markBounced(db, p, email, now),
      mailable: async () => countMailable(db, p),
      isPendingToken: async (token, now) => isPendingToken(db, p, token, now),
      list: async (now) => listSubscribers(db, p, now),
    },
    editions: editionsFor(p),
  });
  return {
    feeds: createFeedStore(db),
    ...rowsOf(BUNDLED_SLUG),
    publication: rowsOf,
    mail,
    rateLimits: {
      take: async (...args) => takeRate(db, ...args),
      prune: async (...args) => pruneRates(db, ...args),
    },
    images: { isStoredImage: async (url) => isStoredImage(db, url) },
    // A real table: `SELECT 1` touches no file, so a missing or unreadable database would pass.
    ping: async () => void db.prepare("SELECT 1 FROM articles LIMIT 1").get(),
    integrityProblems: async () => integrityProblems(db),
    ready: async () => {},
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
