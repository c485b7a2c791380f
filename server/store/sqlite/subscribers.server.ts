import { randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";

import { PENDING_DAYS, type Subscriber } from "#server/store/store.ts";
import { transaction } from "./db.server.ts";
import { queueMail } from "./mail.server.ts";

export type { Subscriber } from "#server/store/store.ts";

/** Forgets pending addresses whose link has expired. */
export function purgeExpired(db: DatabaseSync, now = new Date()): void {
  db.prepare("DELETE FROM newsletter_subscribers WHERE confirmed_at IS NULL AND expires_at <= ?").run(
    now.toISOString(),
  );
}

// Every function below is one publication's: an address signed up on two publications is two rows,
// and a token works only on the publication that sent it.

/**
 * A sign-up for an address (already trimmed and lower-cased). A new address is stored pending
 * with a fresh token; a pending one keeps its token (a link already sent still works) and its
 * expiry, so signing it up again and again never keeps it on file past its first week; a
 * confirmed one is left alone. `token` is set when a confirmation link should go out.
 */
export function requestSubscription(
  db: DatabaseSync,
  publication: string,
  email: string,
  now = new Date(),
  options: { mailEveryMs?: number } = {},
): { status: "pending" | "confirmed"; token?: string; mailed?: boolean } {
  return transaction(db, () => {
    purgeExpired(db, now);
    const expires = new Date(now.getTime() + PENDING_DAYS * 86_400_000).toISOString();
    // The pending row's own expiry is set again (a no-op) only so RETURNING gives its token.
    // Stepped to the end (all, not get): a write refused when it commits (a full disk) throws
    // instead of answering with the token of an address never stored.
    const [row] = db
      .prepare(
        `INSERT INTO newsletter_subscribers (publication, email, created_at, token, expires_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (publication, email) DO UPDATE SET expires_at = expires_at WHERE confirmed_at IS NULL
         RETURNING token`,
      )
      .all(publication, email, now.toISOString(), randomBytes(24).toString("base64url"), expires) as {
      token: string;
    }[];
    if (!row) return { status: "confirmed" as const };
    if (options.mailEveryMs === undefined) return { status: "pending" as const, token: row.token };
    // One confirmation mail per address per window, however often the form is sent.
    const due = db
      .prepare(
        `UPDATE newsletter_subscribers SET confirm_mailed_at = ?
         WHERE publication = ? AND email = ? AND (confirm_mailed_at IS NULL OR confirm_mailed_at <= ?)
         RETURNING email`,
      )
      .all(
        now.toISOString(),
        publication,
        email,
        new Date(now.getTime() - options.mailEveryMs).toISOString(),
      );
    if (due.length > 0)
      queueMail(
        db,
        {
          publication,
          kind: "confirm",
          key: `confirm:${publication}:${email}:${now.toISOString()}`,
          recipient: email,
          ref: null,
        },
        now,
      );
    return { status: "pending" as const, token: row.token, mailed: due.length > 0 };
  });
}

/** Confirms the pending address a token names; false for an unknown, used or expired token. */
export function confirmSubscription(
  db: DatabaseSync,
  publication: string,
  token: string,
  now = new Date(),
): boolean {
  const result = db
    .prepare(
      `UPDATE newsletter_subscribers SET confirmed_at = ?, token = NULL, expires_at = NULL,
         unsubscribe_token = ?
       WHERE token = ? AND publication = ? AND confirmed_at IS NULL AND expires_at > ?`,
    )
    .run(now.toISOString(), randomBytes(24).toString("base64url"), token, publication, now.toISOString());
  return Number(result.changes) === 1;
}

export function isSubscribedToken(db: DatabaseSync, publication: string, token: string): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM newsletter_subscribers
         WHERE unsubscribe_token = ? AND publication = ? AND confirmed_at IS NOT NULL`,
      )
      .get(token, publication) !== undefined
  );
}

/** Forgets the address (nothing of it is kept); its queued copies are skipped when their turn comes. */
export function unsubscribe(db: DatabaseSync, publication: string, token: string): boolean {
  const result = db
    .prepare("DELETE FROM newsletter_subscribers WHERE unsubscribe_token = ? AND publication = ?")
    .run(token, publication);
  return Number(result.changes) === 1;
}

export function markBounced(db: DatabaseSync, publication: string, email: string, now = new Date()): void {
  db.prepare(
    "UPDATE newsletter_subscribers SET bounced_at = ? WHERE publication = ? AND email = ? AND bounced_at IS NULL",
  ).run(now.toISOString(), publication, email);
}

/** Whether a token names a pending address whose link still works. */
export function isPendingToken(
  db: DatabaseSync,
  publication: string,
  token: string,
  now = new Date(),
): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM newsletter_subscribers
         WHERE token = ? AND publication = ? AND confirmed_at IS NULL AND expires_at > ?`,
      )
      .get(token, publication, now.toISOString()) !== undefined
  );
}

export function listSubscribers(db: DatabaseSync, publication: string, now = new Date()): Subscriber[] {
  purgeExpired(db, now);
  const rows = db
    .prepare(
      `SELECT email, created_at AS createdAt, confirmed_at AS confirmedAt, token, expires_at AS expiresAt
       FROM newsletter_subscribers WHERE publication = ? ORDER BY created_at, email`,
    )
    .all(publication) as Omit<Subscriber, "status">[];
  return rows.map((r) => ({
    email: r.email,
    createdAt: r.createdAt,
    status: r.confirmedAt ? "confirmed" : "pending",
    confirmedAt: r.confirmedAt,
    token: r.token,
    expiresAt: r.expiresAt,
  }));
}

/** Confirmed addresses no mail server has refused: whom an edition made now would go to. */
export function countMailable(db: DatabaseSync, publication: string): number {
  const row = db
    .prepare(
      `SELECT count(*) AS n FROM newsletter_subscribers
       WHERE publication = ? AND confirmed_at IS NOT NULL AND bounced_at IS NULL`,
    )
    .get(publication) as { n: number };
  return Number(row.n);
}
