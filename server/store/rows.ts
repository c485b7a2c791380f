import type { ContactCategory } from "#domain/contact.ts";
import type { ClaimedMail, Edition, MailKind, MailStatus, StoredMessage } from "./store.ts";

/** Rows both stores read the same way: the mail queue, editions and contact messages. */

/** Confirmations and newsroom notes go before an edition's thousands of copies. */
export const MAIL_PRIORITY: Record<MailKind, number> = { confirm: 0, contact: 0, edition: 1 };

export type ClaimRow = {
  id: number;
  publication: string;
  kind: MailKind;
  recipient: string;
  ref: number | null;
  attempts: number;
  created_at: string;
};
export type SubscriberRow = {
  publication: string;
  email: string;
  confirmed_at: string | null;
  bounced_at: string | null;
  token: string | null;
  expires_at: string | null;
  unsubscribe_token: string | null;
};

export const EMPTY_COUNTS = (): Record<MailStatus, number> => ({ queued: 0, sent: 0, failed: 0, skipped: 0 });

/** The recipients' newsletter rows, by address, for claimed mails. */
export function withSubscribers(claimed: readonly ClaimRow[], rows: readonly SubscriberRow[]): ClaimedMail[] {
  const byAddress = new Map(rows.map((r) => [`${r.publication}\u0000${r.email}`, r]));
  return claimed.map((c) => {
    const s = c.kind === "contact" ? undefined : byAddress.get(`${c.publication}\u0000${c.recipient}`);
    return {
      id: Number(c.id),
      publication: c.publication,
      kind: c.kind,
      recipient: c.recipient,
      ref: c.ref === null ? null : Number(c.ref),
      attempts: Number(c.attempts),
      createdAt: c.created_at,
      subscriber: s
        ? {
            confirmed: s.confirmed_at !== null,
            bounced: s.bounced_at !== null,
            token: s.token,
            expiresAt: s.expires_at,
            unsubscribeToken: s.unsubscribe_token,
          }
        : null,
    };
  });
}

/** The order a claim is sent in: notes and confirmations first, then the oldest. */
export const claimOrder = (a: Pick<ClaimRow, "kind" | "id">, b: Pick<ClaimRow, "kind" | "id">): number =>
  MAIL_PRIORITY[a.kind] - MAIL_PRIORITY[b.kind] || a.id - b.id;

/** An edition's row (an id is a string from PostgreSQL's bigserial, a number from SQLite). */
export type EditionRow = Omit<Edition, "id" | "createdAt"> & { id: number | string; created_at: string };

export const toEdition = (r: EditionRow): Edition => ({
  id: Number(r.id),
  day: r.day,
  createdAt: r.created_at,
  subject: r.subject,
  html: r.html,
  text: r.text,
  recipients: Number(r.recipients),
});

export type MessageRow = {
  id: number | string;
  created_at: string;
  name: string;
  email: string;
  category: string | null;
  subject: string;
  message: string;
};

export const toMessage = (r: MessageRow): StoredMessage => ({
  id: Number(r.id),
  createdAt: r.created_at,
  name: r.name,
  email: r.email,
  category: r.category as ContactCategory | null,
  subject: r.subject,
  message: r.message,
});
