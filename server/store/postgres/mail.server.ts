import type pg from "pg";
import type { EditionStatus, MailKind, MailStatus, Store } from "#server/store/store.ts";
import {
  claimOrder,
  type EditionRow,
  EMPTY_COUNTS,
  MAIL_PRIORITY,
  type SubscriberRow,
  toEdition,
  withSubscribers,
} from "../rows.ts";
import { type Queryable, withTransaction } from "./db.server.ts";

/** Queues one mail unless one with the same key exists (inside the caller's transaction). */
export async function queueMail(
  db: Queryable,
  mail: { publication: string; kind: MailKind; key: string; recipient: string; ref: number | null },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO mail_queue (kind, key, recipient, ref, priority, next_at, created_at, publication)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7) ON CONFLICT (key) DO NOTHING`,
    [
      mail.kind,
      mail.key,
      mail.recipient,
      mail.ref,
      MAIL_PRIORITY[mail.kind],
      now.toISOString(),
      mail.publication,
    ],
  );
}

/**
 * The outgoing mail queue and the editions on PostgreSQL: several processes claim from one queue
 * (FOR UPDATE SKIP LOCKED), and markSent's condition lets only one of them send a mail.
 */
export function createPostgresMailStore(
  pool: pg.Pool,
  ready: () => Promise<void>,
): Pick<Store, "mail"> & { editionsFor(publication: string): Store["editions"] } {
  const query = async <R>(text: string, values: unknown[] = []) => {
    await ready();
    return pool.query(text, values).then((r) => ({ rows: r.rows as R[], rowCount: r.rowCount ?? 0 }));
  };
  return {
    mail: {
      async claim(owner, limit, { leaseMs, editions, now = new Date() }) {
        const at = now.toISOString();
        const { rows: claimed } = await query<{
          id: string;
          publication: string;
          kind: MailKind;
          recipient: string;
          ref: string | null;
          attempts: number;
          created_at: string;
        }>(
          `UPDATE mail_queue q SET claimed_by = $1, claimed_until = $2, attempts = q.attempts + 1
           FROM (SELECT id FROM mail_queue
                 WHERE status = 'queued' AND priority <= $3 AND next_at <= $4
                   AND (claimed_until IS NULL OR claimed_until <= $4)
                 ORDER BY priority, next_at, id LIMIT $5 FOR UPDATE SKIP LOCKED) c
           WHERE q.id = c.id
           RETURNING q.id, q.publication, q.kind, q.recipient, q.ref, q.attempts, q.created_at`,
          [owner, new Date(now.getTime() + leaseMs).toISOString(), editions ? 1 : 0, at, limit],
        );
        if (claimed.length === 0) return [];
        const addressed = claimed.filter((c) => c.kind !== "contact");
        const { rows } = addressed.length
          ? await query<SubscriberRow>(
              `SELECT publication, email, confirmed_at, bounced_at, token, expires_at, unsubscribe_token
               FROM newsletter_subscribers
               WHERE (publication, email) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
              [addressed.map((c) => c.publication), addressed.map((c) => c.recipient)],
            )
          : { rows: [] };
        const ordered = claimed
          .map((c) => ({ ...c, id: Number(c.id), ref: c.ref === null ? null : Number(c.ref) }))
          .sort(claimOrder);
        return withSubscribers(ordered, rows);
      },
      async markSent(id, owner, now = new Date()) {
        // The owner stays on the row: a refusal after the dot (retry) is still this sender's to undo.
        const { rowCount } = await query(
          `UPDATE mail_queue SET status = 'sent', sent_at = $1, claimed_until = NULL
           WHERE id = $2 AND status = 'queued' AND claimed_by = $3`,
          [now.toISOString(), id, owner],
        );
        return rowCount === 1;
      },
      async retry(id, owner, nextAt, error) {
        await query(
          `UPDATE mail_queue SET status = 'queued', next_at = $1, last_error = $2, sent_at = NULL,
             claimed_by = NULL, claimed_until = NULL WHERE id = $3 AND claimed_by = $4`,
          [nextAt.toISOString(), error.slice(0, 500), id, owner],
        );
      },
      async finish(id, owner, status, error) {
        await query(
          `UPDATE mail_queue SET status = $1, last_error = $2, sent_at = NULL, claimed_by = NULL,
             claimed_until = NULL WHERE id = $3 AND claimed_by = $4`,
          [status, error.slice(0, 500), id, owner],
        );
      },
      async release(owners) {
        if (owners.length === 0) return;
        await query(
          `UPDATE mail_queue SET claimed_by = NULL, claimed_until = NULL
           WHERE status = 'queued' AND claimed_by = ANY($1)`,
          [owners],
        );
      },
      async claimants(now = new Date()) {
        const { rows } = await query<{ owner: string }>(
          `SELECT DISTINCT claimed_by AS owner FROM mail_queue
           WHERE status = 'queued' AND claimed_by IS NOT NULL AND claimed_until > $1`,
          [now.toISOString()],
        );
        return rows.map((r) => r.owner);
      },
      async nextDue({ editions }) {
        const { rows } = await query<{ at: string | null }>(
          // A claimed mail is due again only when its claim lapses (else an idle sender would spin on it).
          "SELECT min(GREATEST(next_at, claimed_until)) AS at FROM mail_queue WHERE status = 'queued' AND priority <= $1",
          [editions ? 1 : 0],
        );
        return rows[0]?.at ?? undefined;
      },
      async counts(kind) {
        const { rows } = await query<{ status: MailStatus; n: string }>(
          "SELECT status, count(*) AS n FROM mail_queue WHERE ($1::text IS NULL OR kind = $1) GROUP BY status",
          [kind ?? null],
        );
        const counts = EMPTY_COUNTS();
        for (const r of rows) counts[r.status] = Number(r.n);
        return counts;
      },
      async prune(before) {
        await ready();
        const at = before.toISOString();
        return withTransaction(pool, async (db) => {
          const result = await db.query(
            "DELETE FROM mail_queue WHERE status <> 'queued' AND created_at < $1",
            [at],
          );
          await db.query(
            `DELETE FROM newsletter_editions e WHERE created_at < $1
             AND NOT EXISTS (SELECT 1 FROM mail_queue q WHERE q.kind = 'edition' AND q.ref = e.id)`,
            [at],
          );
          return result.rowCount ?? 0;
        });
      },
    },
    editionsFor: (publication) => ({
      async create(day, mail, now = new Date()) {
        await ready();
        const at = now.toISOString();
        return withTransaction(pool, async (db) => {
          const made = await db.query<{ id: string }>(
            `INSERT INTO newsletter_editions (day, created_at, subject, html, text, recipients, publication)
             VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (publication, day) DO NOTHING RETURNING id`,
            [day, at, mail.subject, mail.html, mail.text, publication],
          );
          const row = made.rows[0];
          if (!row) {
            // Another process made it in the meantime: its transaction has committed (the unique day waited for it).
            const old = await db.query<{ id: string; recipients: number }>(
              "SELECT id, recipients FROM newsletter_editions WHERE day = $1 AND publication = $2",
              [day, publication],
            );
            const found = old.rows[0];
            return { id: Number(found?.id), created: false, recipients: Number(found?.recipients ?? 0) };
          }
          const id = Number(row.id);
          const queued = await db.query(
            `INSERT INTO mail_queue (kind, key, recipient, ref, priority, next_at, created_at, publication)
             SELECT 'edition', 'edition:' || $1::text || ':' || email, email, $1::bigint, $2, $3, $3, publication
             FROM newsletter_subscribers
             WHERE publication = $4 AND confirmed_at IS NOT NULL AND bounced_at IS NULL
             ORDER BY email
             ON CONFLICT (key) DO NOTHING`,
            [id, MAIL_PRIORITY.edition, at, publication],
          );
          const recipients = queued.rowCount ?? 0;
          await db.query("UPDATE newsletter_editions SET recipients = $1 WHERE id = $2", [recipients, id]);
          return { id, created: true, recipients };
        });
      },
      async get(id) {
        const { rows } = await query<EditionRow>(
          "SELECT * FROM newsletter_editions WHERE id = $1 AND publication = $2",
          [id, publication],
        );
        return rows[0] && toEdition(rows[0]);
      },
      async byDay(day) {
        const { rows } = await query<EditionRow>(
          "SELECT * FROM newsletter_editions WHERE day = $1 AND publication = $2",
          [day, publication],
        );
        return rows[0] && toEdition(rows[0]);
      },
      async recent(limit) {
        const { rows } = await query<
          Omit<EditionRow, "html" | "text"> & { status: MailStatus | null; n: string }
        >(
          `SELECT e.id, e.day, e.created_at, e.subject, e.recipients, q.status, count(q.id) AS n
           FROM (SELECT * FROM newsletter_editions WHERE publication = $2 ORDER BY day DESC LIMIT $1) e
           LEFT JOIN mail_queue q ON q.kind = 'edition' AND q.ref = e.id
           GROUP BY e.id, e.day, e.created_at, e.subject, e.recipients, q.status
           ORDER BY e.day DESC`,
          [limit, publication],
        );
        const byId = new Map<number, EditionStatus>();
        for (const r of rows) {
          const id = Number(r.id);
          let e = byId.get(id);
          if (!e) {
            e = {
              id,
              day: r.day,
              createdAt: r.created_at,
              subject: r.subject,
              recipients: Number(r.recipients),
              ...EMPTY_COUNTS(),
            };
            byId.set(id, e);
          }
          if (r.status) e[r.status] = Number(r.n);
        }
        return [...byId.values()];
      },
    }),
  };
}
