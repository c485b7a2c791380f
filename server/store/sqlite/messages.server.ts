import type { DatabaseSync } from "node:sqlite";
import type { ContactMessage } from "#domain/contact.ts";
import type { StoredMessage } from "#server/store/store.ts";
import { type MessageRow, toMessage } from "../rows.ts";
import { transaction } from "./db.server.ts";
import { queueMail } from "./mail.server.ts";

export type { StoredMessage } from "#server/store/store.ts";

/** The newsroom's note of a stored message, queued in the transaction that stores it. */
function queueNotification(db: DatabaseSync, publication: string, id: number, now: Date): void {
  queueMail(db, { publication, kind: "contact", key: `contact:${id}`, recipient: "", ref: id }, now);
}

/** Stores one message and returns its id. Throws when the store cannot take it (the caller says so). */
export function insertMessage(
  db: DatabaseSync,
  publication: string,
  m: ContactMessage,
  now: Date = new Date(),
): number {
  return transaction(db, () => {
    const result = db
      .prepare(
        `INSERT INTO contact_messages (publication, created_at, name, email, category, subject, message)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(publication, now.toISOString(), m.name, m.email, m.category ?? null, m.subject, m.message);
    const id = Number(result.lastInsertRowid);
    queueNotification(db, publication, id, now);
    return id;
  });
}

/**
 * Stores a message sent with the form's one-time `sendId`, unless the same send (same id and
 * text) is already stored: a reload or a double click is stored once. Two readers who got the
 * same id (a cached page) still both get their different messages through.
 */
export function insertMessageOnce(
  db: DatabaseSync,
  publication: string,
  m: ContactMessage,
  sendId: string,
  now: Date = new Date(),
): { id: number; duplicate: boolean } {
  return transaction(db, () => {
    const result = db
      .prepare(
        `INSERT INTO contact_messages (publication, created_at, name, email, category, subject, message, send_id)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?
       WHERE NOT EXISTS (
         SELECT 1 FROM contact_messages
         WHERE send_id = ? AND name = ? AND email = ? AND subject = ? AND message = ? AND publication = ?
       )`,
      )
      .run(
        publication,
        now.toISOString(),
        m.name,
        m.email,
        m.category ?? null,
        m.subject,
        m.message,
        sendId,
        sendId,
        m.name,
        m.email,
        m.subject,
        m.message,
        publication,
      );
    const duplicate = Number(result.changes) === 0;
    const id = Number(result.lastInsertRowid);
    if (!duplicate) queueNotification(db, publication, id, now);
    return { id, duplicate };
  });
}

export function getMessage(db: DatabaseSync, publication: string, id: number): StoredMessage | undefined {
  const row = db
    .prepare(
      `SELECT id, created_at, name, email, category, subject, message FROM contact_messages
       WHERE id = ? AND publication = ?`,
    )
    .get(id, publication) as MessageRow | undefined;
  return row && toMessage(row);
}

/** Messages, newest first (ties by id, so the order is stable). */
export function listMessages(
  db: DatabaseSync,
  publication: string,
  options: { limit?: number } = {},
): StoredMessage[] {
  const limit = options.limit ?? -1;
  const rows = db
    .prepare(
      `SELECT id, created_at, name, email, category, subject, message
       FROM contact_messages WHERE publication = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(publication, limit) as MessageRow[];
  return rows.map(toMessage);
}

export function countMessages(db: DatabaseSync, publication: string): number {
  const row = db
    .prepare("SELECT count(*) AS n FROM contact_messages WHERE publication = ?")
    .get(publication) as { n: number } | undefined;
  return row?.n ?? 0;
}
