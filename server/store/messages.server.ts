import type { DatabaseSync } from "node:sqlite";
import type { ContactCategory, ContactMessage } from "../../app/lib/contact.ts";
import type { StoredMessage } from "./store.ts";

export type { StoredMessage } from "./store.ts";

type Row = {
  id: number;
  created_at: string;
  name: string;
  email: string;
  category: string | null;
  subject: string;
  message: string;
};

/** Stores one message and returns its id. Throws when the store cannot take it (the caller says so). */
export function insertMessage(db: DatabaseSync, m: ContactMessage, now: Date = new Date()): number {
  const result = db
    .prepare(
      `INSERT INTO contact_messages (created_at, name, email, category, subject, message)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(now.toISOString(), m.name, m.email, m.category ?? null, m.subject, m.message);
  return Number(result.lastInsertRowid);
}

/** Messages, newest first (ties by id, so the order is stable). */
export function listMessages(db: DatabaseSync, options: { limit?: number } = {}): StoredMessage[] {
  const limit = options.limit ?? -1;
  const rows = db
    .prepare(
      `SELECT id, created_at, name, email, category, subject, message
       FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(limit) as Row[];
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    name: r.name,
    email: r.email,
    category: r.category as ContactCategory | null,
    subject: r.subject,
    message: r.message,
  }));
}

export function countMessages(db: DatabaseSync): number {
  const row = db.prepare("SELECT count(*) AS n FROM contact_messages").get() as { n: number } | undefined;
  return row?.n ?? 0;
}
