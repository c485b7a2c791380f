import type { ContactCategory, ContactMessage } from "../../app/lib/contact.ts";
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

export type Subscriber = { email: string; createdAt: string };

/**
 * The whole store as the rest of the server sees it: asynchronous, no driver types. SQLite
 * (store.server.ts) is the embedded implementation; another database is another implementation of
 * this type in a folder of its own.
 */
export type Store = {
  feeds: FeedStore;
  /** Readers' messages from /contact, for the newsroom (npm run messages). */
  messages: {
    /** Stores one message and returns its id; rejects when the store cannot take it. */
    insert(message: ContactMessage, now?: Date): Promise<number>;
    /** Newest first (ties by id, so the order is stable). */
    list(options?: { limit?: number }): Promise<StoredMessage[]>;
    count(): Promise<number>;
  };
  /** Newsletter sign-ups (npm run subscribers). */
  subscribers: {
    /** Adds an address (already trimmed and lower-cased); `created` is false when it was there. */
    add(email: string, now?: Date): Promise<{ created: boolean }>;
    list(): Promise<Subscriber[]>;
  };
  images: {
    /** Whether a stored article names this image (the image proxy relays nothing else). */
    isStoredImage(url: string): Promise<boolean>;
  };
  /** The database's own consistency check: [] when sound, else the problems it reports. */
  integrityProblems(): Promise<string[]>;
  close(): Promise<void>;
};
