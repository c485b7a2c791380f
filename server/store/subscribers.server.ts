import type { DatabaseSync } from "node:sqlite";

import type { Subscriber } from "./store.ts";

export type { Subscriber } from "./store.ts";

/** Adds an address (already trimmed and lower-cased); `created` is false when it was there. */
export function addSubscriber(db: DatabaseSync, email: string, now = new Date()): { created: boolean } {
  const result = db
    .prepare(
      "INSERT INTO newsletter_subscribers (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING",
    )
    .run(email, now.toISOString());
  return { created: Number(result.changes) === 1 };
}

export function listSubscribers(db: DatabaseSync): Subscriber[] {
  return db
    .prepare("SELECT email, created_at AS createdAt FROM newsletter_subscribers ORDER BY created_at, email")
    .all() as Subscriber[];
}
