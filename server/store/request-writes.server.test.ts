/**
 * A write made while a reader waits (a contact send, a newsletter sign-up or confirmation, a rate
 * limit's count) gives up on another connection's lock after a short wait (SQLite's busy timeout,
 * PostgreSQL's lock_timeout), so the reader is told to try again instead of waiting as long as
 * the lock is held; once the lock is gone the same send is stored once.
 */
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openStore } from "./open.server.ts";
import { DATABASE_FILE } from "./sqlite/db.server.ts";
import { type HeldLock, heldUntil, lockTables } from "./testing/faults.ts";
import { openTestStore, storeKinds, type TestStore } from "./testing/stores.ts";

vi.setConfig({ testTimeout: 60_000 });

/** Far past either store's wait: a write still waiting when the lock goes has no bound. */
const HOLD_MS = 20_000;

const message = { name: "Ada Reader", email: "ada@example.com", subject: "Locked out", message: "Hello." };

/**
 * Another connection holds the lock every request-path write needs (SQLite: the write lock;
 * PostgreSQL: those tables in ACCESS EXCLUSIVE mode) until released, or HOLD_MS at the latest.
 */
async function holdLock(t: TestStore): Promise<HeldLock> {
  if (t.kind === "postgres")
    return lockTables(
      t.location.databaseUrl ?? "",
      ["contact_messages", "newsletter_subscribers", "rate_limit_hits"],
      HOLD_MS,
    );
  const db = new DatabaseSync(path.join(t.location.dataDir, DATABASE_FILE));
  db.exec("BEGIN EXCLUSIVE");
  return heldUntil(async () => {
    db.exec("ROLLBACK");
    db.close();
  }, HOLD_MS);
}

/** How a write ended, and whether the lock was still held then. */
async function outcome(write: Promise<unknown>, lock: { held: () => boolean }) {
  return write.then(
    () => ({ stored: true, error: "", whileHeld: lock.held() }),
    (error: Error) => ({ stored: false, error: error.message, whileHeld: lock.held() }),
  );
}

// A rate limit's count on PostgreSQL gives up at its own, shorter bound (statement_timeout).
const LOCK_ERROR = /database is locked|lock timeout|statement timeout/;

describe.each(await storeKinds())("request-path writes under another connection's lock on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("a contact send is refused while the lock is held, then stored once", async () => {
    const lock = await holdLock(t);
    try {
      const first = await outcome(t.store.messages.insertOnce(message, "send-locked"), lock);
      expect(first).toEqual({ stored: false, error: expect.stringMatching(LOCK_ERROR), whileHeld: true });
    } finally {
      await lock.release();
    }
    expect((await t.store.messages.insertOnce(message, "send-locked")).duplicate).toBe(false);
    expect((await t.store.messages.insertOnce(message, "send-locked")).duplicate).toBe(true);
    expect(await t.store.messages.count()).toBe(1);
  });

  // SQLite's busy timeout is the connection's, for every statement (one write shows it); on
  // PostgreSQL each request-path write sets its own.
  it.runIf(kind === "postgres")(
    "every other request-path write is refused while the lock is held",
    async () => {
      const { token } = await t.store.subscribers.request("pending@example.com");
      // A server's pool (5 connections), so the four writes wait side by side.
      const store = openStore(t.location).store;
      const lock = await holdLock(t);
      try {
        const results = await Promise.all(
          [
            store.messages.insert(message),
            store.subscribers.request("new@example.com"),
            store.subscribers.confirm(token ?? ""),
            store.rateLimits.take("contact", "1.2.3.4", 5, 60_000),
          ].map((write) => outcome(write, lock)),
        );
        for (const result of results)
          expect(result).toEqual({
            stored: false,
            error: expect.stringMatching(LOCK_ERROR),
            whileHeld: true,
          });
      } finally {
        await lock.release();
        await store.close();
      }
      expect(await t.store.subscribers.confirm(token ?? "")).toBe(true);
    },
  );

  // A count that waits on its own client's previous count gives up at the limiter's bound, and the
  // limiter lets the post through with a log line: server/forms/rate-limit-store.server.test.ts.
});
