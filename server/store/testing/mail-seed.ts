import { randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { type StoreLocation, sqliteFileIn } from "../open.server.ts";
import { adminQuery } from "./scratch-schema.ts";

/**
 * For the mail benchmark: `count` confirmed subscribers (`address(i)`) written straight into a
 * migrated store, far faster than 10,000 sign-ups and confirmations through the interface.
 */
export async function seedConfirmedSubscribers(
  location: StoreLocation,
  count: number,
  address: (i: number) => string,
  at = new Date().toISOString(),
): Promise<void> {
  const emails = Array.from({ length: count }, (_, i) => address(i));
  if (location.databaseUrl) {
    await adminQuery(
      location.databaseUrl,
      `INSERT INTO newsletter_subscribers (email, created_at, confirmed_at, unsubscribe_token)
       SELECT email, $1, $1, md5(random()::text || email) || md5(email) FROM unnest($2::text[]) AS email`,
      [at, emails],
    );
    return;
  }
  const db = new DatabaseSync(sqliteFileIn(location.dataDir));
  try {
    const insert = db.prepare(
      `INSERT INTO newsletter_subscribers (email, created_at, confirmed_at, unsubscribe_token)
       VALUES (?, ?, ?, ?)`,
    );
    db.exec("BEGIN");
    for (const email of emails) insert.run(email, at, at, randomBytes(24).toString("hex"));
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/** The addresses whose edition copy the store has marked sent (to compare with what a sink got). */
export async function editionRecipientsMarkedSent(location: StoreLocation): Promise<string[]> {
  const query = "SELECT recipient FROM mail_queue WHERE kind = 'edition' AND status = 'sent'";
  if (location.databaseUrl)
    return (await adminQuery<{ recipient: string }>(location.databaseUrl, query)).map((r) => r.recipient);
  const db = new DatabaseSync(sqliteFileIn(location.dataDir), { readOnly: true });
  try {
    return (db.prepare(query).all() as { recipient: string }[]).map((r) => r.recipient);
  } finally {
    db.close();
  }
}
