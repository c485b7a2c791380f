import { integrityProblems, openDatabase } from "./db.server.ts";
import { createFeedStore } from "./feed-store.server.ts";
import { isStoredImage } from "./images.server.ts";
import { countMessages, insertMessage, listMessages } from "./messages.server.ts";
import type { Store } from "./store.ts";
import { addSubscriber, listSubscribers } from "./subscribers.server.ts";

export type { Store } from "./store.ts";

/** Opens the SQLite store in `dataDir` (DATA_DIR/news.db), migrated to the latest schema. */
export function openStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  let closed = false;
  return {
    feeds: createFeedStore(db),
    messages: {
      insert: async (message, now) => insertMessage(db, message, now),
      list: async (options) => listMessages(db, options),
      count: async () => countMessages(db),
    },
    subscribers: {
      add: async (email, now) => addSubscriber(db, email, now),
      list: async () => listSubscribers(db),
    },
    images: { isStoredImage: async (url) => isStoredImage(db, url) },
    integrityProblems: async () => integrityProblems(db),
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
