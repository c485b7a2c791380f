import { randomBytes } from "node:crypto";
import { BUNDLED_SLUG } from "#domain/publication.ts";
import {
  PENDING_DAYS,
  type PublicationRows,
  RATE_LIMIT_WAIT_MS,
  type Store,
  type Subscriber,
} from "#server/store/store.ts";
import { type MessageRow, toMessage } from "../rows.ts";
import {
  createPool,
  migrate,
  type PoolOptions,
  type PostgresMigration,
  type Queryable,
  schemaVersion,
  withRequestTransaction,
} from "./db.server.ts";
import { createPostgresFeedStore } from "./feed-store.server.ts";
import { createPostgresMailStore, queueMail } from "./mail.server.ts";
import { POSTGRES_MIGRATIONS } from "./migrations.server.ts";

export type PostgresStoreOptions = PoolOptions & {
  /** Defaults to the app's list; tests pass their own to exercise the runner. */
  migrations?: readonly PostgresMigration[];
};

/**
 * The store on PostgreSQL (DATABASE_URL): a connection pool, migrated when opened. Opening is
 * immediate; every call waits for the migrations, and ready() reports whether they succeeded (the
 * server waits on it before it listens).
 */
export function openPostgresStore(connectionString: string, options: PostgresStoreOptions = {}): Store {
  const pool = createPool(connectionString, options);
  // A web process's pool is bounded (requestTimeoutMs); what is not a reader's request there (the
  // start's checks and feed sync, an inline refresh) gets a small pool without the bound, opened
  // on first use.
  const backgroundPool = options.requestTimeoutMs ? createPool(connectionString, { max: 2 }) : pool;
  const migrations = options.migrations ?? POSTGRES_MIGRATIONS;
  const migrated = migrate(pool, migrations);
  // Reported through ready() and every call; never an unhandled rejection.
  migrated.catch(() => {});
  const ready = () => migrated;
  const query = async <R>(text: string, values: unknown[] = []) => {
    await migrated;
    return pool.query(text, values).then((r) => ({ rows: r.rows as R[], rowCount: r.rowCount ?? 0 }));
  };
  /** A write on a reader's request: waits at most REQUEST_LOCK_TIMEOUT_MS for a lock. */
  const requestWrite = async <T>(
    fn: (db: Queryable) => Promise<T>,
    turn?: { text: string; values: unknown[] },
    waitMs?: number,
  ) => {
    await migrated;
    return withRequestTransaction(pool, fn, turn, waitMs);
  };
  const purgeExpired = (db: Queryable, now: Date) =>
    db.query("DELETE FROM newsletter_subscribers WHERE confirmed_at IS NULL AND expires_at <= $1", [
      now.toISOString(),
    ]);
  const queueNotification = (db: Queryable, publication: string, id: number, now: Date) =>
    queueMail(db, { publication, kind: "contact", key: `contact:${id}`, recipient: "", ref: id }, now);
  let closed: Promise<void> | undefined;

  // Mail is background work (a sender, an edition of every subscriber): not bound like a reader's request.
  const { mail, editionsFor } = createPostgresMailStore(backgroundPool, ready);
  /** One publication's readers' rows (ADR 0017). */
  const rowsOf = (p: string): PublicationRows => ({
    messages: {
      insert: (m, now = new Date()) =>
        requestWrite(async (db) => {
          const { rows } = await db.query<{ id: string }>(
            `INSERT INTO contact_messages (created_at, name, email, category, subject, message, publication)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [now.toISOString(), m.name, m.email, m.category ?? null, m.subject, m.message, p],
          );
          const id = Number(rows[0]?.id);
          await queueNotification(db, p, id, now);
          return id;
        }),
      insertOnce: (m, sendId, now = new Date()) =>
        requestWrite(
          async (db) => {
            const same = await db.query<{ id: string }>(
              `SELECT id FROM contact_messages
             WHERE send_id = $1 AND name = $2 AND email = $3 AND subject = $4 AND message = $5
               AND publication = $6 LIMIT 1`,
              [sendId, m.name, m.email, m.subject, m.message, p],
            );
            const found = same.rows[0];
            if (found) return { id: Number(found.id), duplicate: true };
            const inserted = await db.query<{ id: string }>(
              `INSERT INTO contact_messages (created_at, name, email, category, subject, message, send_id, publication)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
              [now.toISOString(), m.name, m.email, m.category ?? null, m.subject, m.message, sendId, p],
            );
            const id = Number(inserted.rows[0]?.id);
            await queueNotification(db, p, id, now);
            return { id, duplicate: false };
          },
          // Two posts of one send at the same moment (a double click, two processes) take turns.
          { text: "SELECT pg_advisory_xact_lock(hashtext('evnews:send:' || $1))", values: [sendId] },
        ),
      async get(id) {
        const { rows } = await query<MessageRow>(
          `SELECT id, created_at, name, email, category, subject, message FROM contact_messages
           WHERE id = $1 AND publication = $2`,
          [id, p],
        );
        return rows[0] && toMessage(rows[0]);
      },
      async list(options = {}) {
        const limit = options.limit === undefined || options.limit < 0 ? null : options.limit;
        const { rows } = await query<MessageRow>(
          `SELECT id, created_at, name, email, category, subject, message
           FROM contact_messages WHERE publication = $2 ORDER BY created_at DESC, id DESC LIMIT $1`,
          [limit, p],
        );
        return rows.map(toMessage);
      },
      async count() {
        const { rows } = await query<{ n: string }>(
          "SELECT COUNT(*) AS n FROM contact_messages WHERE publication = $1",
          [p],
        );
        return Number(rows[0]?.n ?? 0);
      },
    },
    subscribers: {
      request: (email, now = new Date(), options = {}) =>
        requestWrite(async (db) => {
          await purgeExpired(db, now);
          const expires = new Date(now.getTime() + PENDING_DAYS * 86_400_000).toISOString();
          // A pending address keeps its first expiry: the no-op update only lets RETURNING give its token.
          const { rows } = await db.query<{ token: string }>(
            `INSERT INTO newsletter_subscribers (email, created_at, token, expires_at, publication)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (publication, email) DO UPDATE SET expires_at = newsletter_subscribers.expires_at
               WHERE newsletter_subscribers.confirmed_at IS NULL
             RETURNING token`,
            [email, now.toISOString(), randomBytes(24).toString("base64url"), expires, p],
          );
          const row = rows[0];
          if (!row) return { status: "confirmed" as const };
          if (options.mailEveryMs === undefined) return { status: "pending" as const, token: row.token };
          // One confirmation mail per address per window, however often the form is sent.
          const due = await db.query(
            `UPDATE newsletter_subscribers SET confirm_mailed_at = $1
             WHERE email = $2 AND publication = $4 AND (confirm_mailed_at IS NULL OR confirm_mailed_at <= $3)`,
            [now.toISOString(), email, new Date(now.getTime() - options.mailEveryMs).toISOString(), p],
          );
          const mailed = due.rowCount === 1;
          if (mailed)
            await queueMail(
              db,
              {
                publication: p,
                kind: "confirm",
                key: `confirm:${p}:${email}:${now.toISOString()}`,
                recipient: email,
                ref: null,
              },
              now,
            );
          return { status: "pending" as const, token: row.token, mailed };
        }),
      confirm: (token, now = new Date()) =>
        requestWrite(async (db) => {
          const { rowCount } = await db.query(
            `UPDATE newsletter_subscribers SET confirmed_at = $1, token = NULL, expires_at = NULL,
               unsubscribe_token = $3
             WHERE token = $2 AND publication = $4 AND confirmed_at IS NULL AND expires_at > $1`,
            [now.toISOString(), token, randomBytes(24).toString("base64url"), p],
          );
          return rowCount === 1;
        }),
      async isSubscribedToken(token) {
        const { rows } = await query(
          `SELECT 1 FROM newsletter_subscribers
           WHERE unsubscribe_token = $1 AND publication = $2 AND confirmed_at IS NOT NULL`,
          [token, p],
        );
        return rows.length > 0;
      },
      unsubscribe: (token) =>
        requestWrite(async (db) => {
          const { rowCount } = await db.query(
            "DELETE FROM newsletter_subscribers WHERE unsubscribe_token = $1 AND publication = $2",
            [token, p],
          );
          return rowCount === 1;
        }),
      async mailable() {
        const { rows } = await query<{ n: string }>(
          `SELECT count(*) AS n FROM newsletter_subscribers
           WHERE publication = $1 AND confirmed_at IS NOT NULL AND bounced_at IS NULL`,
          [p],
        );
        return Number(rows[0]?.n ?? 0);
      },
      async markBounced(email, now = new Date()) {
        await query(
          "UPDATE newsletter_subscribers SET bounced_at = $1 WHERE email = $2 AND publication = $3 AND bounced_at IS NULL",
          [now.toISOString(), email, p],
        );
      },
      async isPendingToken(token, now = new Date()) {
        const { rows } = await query(
          `SELECT 1 FROM newsletter_subscribers
           WHERE token = $1 AND publication = $3 AND confirmed_at IS NULL AND expires_at > $2`,
          [token, now.toISOString(), p],
        );
        return rows.length > 0;
      },
      async list(now = new Date()) {
        await migrated;
        await purgeExpired(pool, now);
        const { rows } = await query<Omit<Subscriber, "status">>(
          `SELECT email, created_at AS "createdAt", confirmed_at AS "confirmedAt", token, expires_at AS "expiresAt"
           FROM newsletter_subscribers WHERE publication = $1 ORDER BY created_at, email`,
          [p],
        );
        return rows.map((r) => ({
          email: r.email,
          createdAt: r.createdAt,
          status: r.confirmedAt ? "confirmed" : "pending",
          confirmedAt: r.confirmedAt,
          token: r.token,
          expiresAt: r.expiresAt,
        }));
      },
    },
    editions: editionsFor(p),
  });

  return {
    feeds: createPostgresFeedStore(pool, ready, backgroundPool),
    ...rowsOf(BUNDLED_SLUG),
    publication: rowsOf,
    mail,
    rateLimits: {
      async take(bucket, client, limit, windowMs, nowMs = Date.now()) {
        if (limit <= 0) return { ok: true };
        // One client's events are counted one at a time (an advisory lock on bucket and client).
        return requestWrite(
          async (db) => {
            // Only this client's old events (a few): everyone's are prune's, in batches, off the request.
            await db.query("DELETE FROM rate_limit_hits WHERE bucket = $1 AND client = $2 AND at_ms <= $3", [
              bucket,
              client,
              nowMs - windowMs,
            ]);
            const { rows } = await db.query<{ n: string; oldest: string | null }>(
              `SELECT count(*) AS n, min(at_ms) AS oldest FROM rate_limit_hits
               WHERE bucket = $1 AND client = $2 AND at_ms > $3`,
              [bucket, client, nowMs - windowMs],
            );
            const n = Number(rows[0]?.n ?? 0);
            if (n >= limit)
              return { ok: false, retryAfterMs: Number(rows[0]?.oldest ?? nowMs) + windowMs - nowMs };
            await db.query("INSERT INTO rate_limit_hits (bucket, client, at_ms) VALUES ($1, $2, $3)", [
              bucket,
              client,
              nowMs,
            ]);
            return { ok: true };
          },
          { text: "SELECT pg_advisory_xact_lock(hashtext($1 || ' ' || $2))", values: [bucket, client] },
          // The limiter lets the request through after this long: the count gives its connection
          // back then too, so a locked table cannot hold the whole request pool.
          RATE_LIMIT_WAIT_MS,
        );
      },
      async prune(bucket, beforeMs, batch) {
        const { rowCount } = await query(
          `DELETE FROM rate_limit_hits WHERE ctid IN (
             SELECT ctid FROM rate_limit_hits WHERE bucket = $1 AND at_ms <= $2 LIMIT $3)`,
          [bucket, beforeMs, batch],
        );
        return rowCount;
      },
    },
    images: {
      async isStoredImage(url) {
        const { rows } = await query("SELECT 1 FROM articles WHERE image_url = $1 LIMIT 1", [url]);
        return rows.length > 0;
      },
    },
    async ping() {
      // A real table, as on SQLite: the schema this code reads must be there, not only a server.
      await query("SELECT 1 FROM articles LIMIT 1");
    },
    /**
     * PostgreSQL checks its own pages (checksums, WAL); what this reports is a database this code
     * should not use: not at the schema version it expects.
     */
    async integrityProblems() {
      // A database that cannot be opened at all is ready()'s to report.
      await migrated;
      try {
        // A start-up check: a loaded server's slow answer is no integrity problem.
        const version = await schemaVersion(backgroundPool);
        return version === migrations.length
          ? []
          : [`schema version ${version}, expected ${migrations.length}`];
      } catch (error) {
        // A store closed while it looked (a test, a quick shutdown) has no problem to report.
        if (closed) return [];
        return [error instanceof Error ? error.message : String(error)];
      }
    },
    ready,
    close() {
      closed ??= migrated
        .catch(() => {})
        .then(() => Promise.all([pool.end(), backgroundPool !== pool && backgroundPool.end()]))
        .then(() => {});
      return closed;
    },
  };
}
