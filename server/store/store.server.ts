import { integrityProblems, openDatabase } from "./db.server.ts";
import { createFeedStore } from "./feed-store.server.ts";
import { isStoredImage } from "./images.server.ts";
import type { Store } from "./store.ts";

export type { Store } from "./store.ts";

/** Opens the SQLite store in `dataDir` (DATA_DIR/news.db), migrated to the latest schema. */
export function openStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  let closed = false;
  return {
    feeds: createFeedStore(db),
    images: { isStoredImage: async (url) => isStoredImage(db, url) },
    integrityProblems: async () => integrityProblems(db),
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
