import type { DatabaseSync } from "node:sqlite";
import type { EditionStatus, MailKind, MailStatus, Store } from "#server/store/store.ts";
import {
  type ClaimRow,
  claimOrder,
  type EditionRow,
  EMPTY_COUNTS,
  MAIL_PRIORITY,
  type SubscriberRow,
  toEdition,
  withSubscribers,
} from "../rows.ts";
import { transaction } from "./db.server.ts";

/** Queues one mail unless one with the same key exists (inside the caller's transaction). */
export function queueMail(
  db: DatabaseSync,
  mail: { publication: string; kind: MailKind; key: string; recipient: string; ref: number | null },
  now: Date,
): void {
  db.prepare(
    `INSERT INTO mail_queue (publication, kind, key, recipient, ref, priority, next_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
  ).run(
    mail.publication,
    mail.kind,
    mail.key,
    mail.recipient,
    mail.ref,
    MAIL_PRIORITY[mail.kind],
    now.toISOString(),
    now.toISOString(),
  );
}

/** The outgoing mail queue (every publication's) and one publication's editions, on SQLite. */
export function createMailStore(db: DatabaseSync): Pick<Store, "mail"> & {
  editionsFor(publication: string): Store["editions"];
} {
  return {
    mail: {
      async claim(owner, limit, { leaseMs, editions, now = new Date() }) {
        const at = now.toISOString();
        const claimed = transaction(
          db,
          () =>
            db
              .prepare(
                `UPDATE mail_queue SET claimed_by = ?, claimed_until = ?, attempts = attempts + 1
                 WHERE id IN (
                   SELECT id FROM mail_queue
                   WHERE status = 'queued' AND priority <= ? AND next_at <= ?
                     AND (claimed_until IS NULL OR claimed_until <= ?)
                   ORDER BY priority, next_at, id LIMIT ?)
                 RETURNING id, publication, kind, recipient, ref, attempts, created_at`,
              )
              .all(
                owner,
                new Date(now.getTime() + leaseMs).toISOString(),
                editions ? 1 : 0,
                at,
                at,
                limit,
              ) as ClaimRow[],
        );
        if (claimed.length === 0) return [];
        const addresses = claimed
          .filter((c) => c.kind !== "contact")
          .map((c) => [c.publication, c.recipient]);
        const rows = addresses.length
          ? (db
              .prepare(
                `SELECT publication, email, confirmed_at, bounced_at, token, expires_at, unsubscribe_token
                 FROM newsletter_subscribers WHERE (publication, email) IN
                   (SELECT value ->> 0, value ->> 1 FROM json_each(?))`,
              )
              .all(JSON.stringify(addresses)) as SubscriberRow[])
          : [];
        return withSubscribers(claimed.sort(claimOrder), rows);
      },
      async markSent(id, owner, now = new Date()) {
        // The owner stays on the row: a refusal after the dot (retry) is still this sender's to undo.
        const result = db
          .prepare(
            `UPDATE mail_queue SET status = 'sent', sent_at = ?, claimed_until = NULL
             WHERE id = ? AND status = 'queued' AND claimed_by = ?`,
          )
          .run(now.toISOString(), id, owner);
        return Number(result.changes) === 1;
      },
      async retry(id, owner, nextAt, error) {
        db.prepare(
          `UPDATE mail_queue SET status = 'queued', next_at = ?, last_error = ?, sent_at = NULL,
             claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?`,
        ).run(nextAt.toISOString(), error.slice(0, 500), id, owner);
      },
      async finish(id, owner, status, error) {
        db.prepare(
          `UPDATE mail_queue SET status = ?, last_error = ?, sent_at = NULL, claimed_by = NULL, claimed_until = NULL
           WHERE id = ? AND claimed_by = ?`,
        ).run(status, error.slice(0, 500), id, owner);
      },
      async release(owners) {
        if (owners.length === 0) return;
        db.prepare(
          `UPDATE mail_queue SET claimed_by = NULL, claimed_until = NULL
           WHERE status = 'queued' AND claimed_by IN (SELECT value FROM json_each(?))`,
        ).run(JSON.stringify(owners));
      },
      async claimants(now = new Date()) {
        const rows = db
          .prepare(
            `SELECT DISTINCT claimed_by AS owner FROM mail_queue
             WHERE status = 'queued' AND claimed_by IS NOT NULL AND claimed_until > ?`,
          )
          .all(now.toISOString()) as { owner: string }[];
        return rows.map((r) => r.owner);
      },
      async nextDue({ editions }) {
        const row = db
          // A claimed mail is due again only when its claim lapses (else an idle sender would spin on it).
          .prepare(
            "SELECT min(max(next_at, coalesce(claimed_until, ''))) AS at FROM mail_queue WHERE status = 'queued' AND priority <= ?",
          )
          .get(editions ? 1 : 0) as { at: string | null } | undefined;
        return row?.at ?? undefined;
      },
      async counts(kind) {
        const rows = db
          .prepare(
            `SELECT status, count(*) AS n FROM mail_queue WHERE (? IS NULL OR kind = ?) GROUP BY status`,
          )
          .all(kind ?? null, kind ?? null) as { status: MailStatus; n: number }[];
        const counts = EMPTY_COUNTS();
        for (const r of rows) counts[r.status] = Number(r.n);
        return counts;
      },
      async prune(before) {
        const at = before.toISOString();
        return transaction(db, () => {
          const result = db
            .prepare("DELETE FROM mail_queue WHERE status <> 'queued' AND created_at < ?")
            .run(at);
          db.prepare(
            `DELETE FROM newsletter_editions WHERE created_at < ?
             AND NOT EXISTS (SELECT 1 FROM mail_queue q WHERE q.kind = 'edition' AND q.ref = newsletter_editions.id)`,
          ).run(at);
          return Number(result.changes);
        });
      },
    },
    editionsFor: (publication) => ({
      async create(day, mail, now = new Date()) {
        const at = now.toISOString();
        return transaction(db, () => {
          const made = db
            .prepare(
              `INSERT INTO newsletter_editions (publication, day, created_at, subject, html, text, recipients)
               VALUES (?, ?, ?, ?, ?, ?, 0) ON CONFLICT (publication, day) DO NOTHING RETURNING id`,
            )
            .get(publication, day, at, mail.subject, mail.html, mail.text) as { id: number } | undefined;
          if (!made) {
            const old = db
              .prepare("SELECT id, recipients FROM newsletter_editions WHERE publication = ? AND day = ?")
              .get(publication, day) as {
              id: number;
              recipients: number;
            };
            return { id: Number(old.id), created: false, recipients: Number(old.recipients) };
          }
          const id = Number(made.id);
          const queued = db
            .prepare(
              `INSERT INTO mail_queue (publication, kind, key, recipient, ref, priority, next_at, created_at)
               SELECT publication, 'edition', 'edition:' || ? || ':' || email, email, ?, ?, ?, ?
               FROM newsletter_subscribers
               WHERE publication = ? AND confirmed_at IS NOT NULL AND bounced_at IS NULL
               ORDER BY email
               ON CONFLICT (key) DO NOTHING`,
            )
            .run(id, id, MAIL_PRIORITY.edition, at, at, publication);
          const recipients = Number(queued.changes);
          db.prepare("UPDATE newsletter_editions SET recipients = ? WHERE id = ?").run(recipients, id);
          return { id, created: true, recipients };
        });
      },
      async get(id) {
        const row = db
          .prepare("SELECT * FROM newsletter_editions WHERE id = ? AND publication = ?")
          .get(id, publication) as EditionRow | undefined;
        return row && toEdition(row);
      },
      async byDay(day) {
        const row = db
          .prepare("SELECT * FROM newsletter_editions WHERE day = ? AND publication = ?")
          .get(day, publication) as EditionRow | undefined;
        return row && toEdition(row);
      },
      async recent(limit) {
        const editions = db
          .prepare(
            `SELECT id, day, created_at, subject, recipients FROM newsletter_editions
             WHERE publication = ? ORDER BY day DESC LIMIT ?`,
          )
          .all(publication, limit) as Omit<EditionRow, "html" | "text">[];
        const count = db.prepare(
          "SELECT status, count(*) AS n FROM mail_queue WHERE kind = 'edition' AND ref = ? GROUP BY status",
        );
        return editions.map((e): EditionStatus => {
          const counts = EMPTY_COUNTS();
          for (const r of count.all(e.id) as { status: MailStatus; n: number }[])
            counts[r.status] = Number(r.n);
          return {
            id: Number(e.id),
            day: e.day,
            createdAt: e.created_at,
            subject: e.subject,
            recipients: Number(e.recipients),
            ...counts,
          };
        });
      },
    }),
  };
}
