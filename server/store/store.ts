import type { FeedStore } from "./feed-store.ts";

/**
 * The whole store as the rest of the server sees it: asynchronous, no driver types. SQLite
 * (store.server.ts) is the embedded implementation; another database is another implementation of
 * this type in a folder of its own.
 */
export type Store = {
  feeds: FeedStore;
  images: {
    /** Whether a stored article names this image (the image proxy relays nothing else). */
    isStoredImage(url: string): Promise<boolean>;
  };
  /** The database's own consistency check: [] when sound, else the problems it reports. */
  integrityProblems(): Promise<string[]>;
  close(): Promise<void>;
};
