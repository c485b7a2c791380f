import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "./db.server.ts";
import { MIGRATIONS } from "./migrations.server.ts";
import { PENDING_DAYS } from "./store.ts";
import {
  confirmSubscription,
  isPendingToken,
  listSubscribers,
  requestSubscription,
} from "./subscribers.server.ts";

const DAY = 86_400_000;
const T0 = new Date("2026-01-01T00:00:00Z");
const later = (days: number) => new Date(T0.getTime() + days * DAY);

describe("newsletter subscribers (double opt-in)", () => {
  let dir: string;
  let db: DatabaseSync;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "subs-"));
    db = openDatabase(dir);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores a new address as pending with a token, and only confirms it through that token", () => {
    const first = requestSubscription(db, "a@example.com", T0);
    expect(first.status).toBe("pending");
    expect(first.token).toMatch(/^[\w-]{32}$/);
    // Asking again keeps the link already sent working.
    expect(requestSubscription(db, "a@example.com", later(1))).toEqual(first);
    expect(listSubscribers(db, later(1))).toEqual([
      {
        email: "a@example.com",
        createdAt: T0.toISOString(),
        status: "pending",
        confirmedAt: null,
        token: first.token,
        expiresAt: later(1 + PENDING_DAYS).toISOString(),
      },
    ]);
    expect(confirmSubscription(db, "not-the-token-at-all", later(1))).toBe(false);
    expect(isPendingToken(db, first.token ?? "", later(1))).toBe(true);
    expect(confirmSubscription(db, first.token ?? "", later(2))).toBe(true);
    // A link works once.
    expect(confirmSubscription(db, first.token ?? "", later(2))).toBe(false);
    expect(isPendingToken(db, first.token ?? "", later(2))).toBe(false);
    expect(listSubscribers(db, later(2))[0]).toMatchObject({
      status: "confirmed",
      confirmedAt: later(2).toISOString(),
      token: null,
    });
    // A confirmed address is left alone: no new link.
    expect(requestSubscription(db, "a@example.com", later(3))).toEqual({ status: "confirmed" });
  });

  it("forgets a pending address whose link has expired", () => {
    const { token } = requestSubscription(db, "b@example.com", T0);
    expect(confirmSubscription(db, token ?? "", later(PENDING_DAYS))).toBe(false);
    expect(listSubscribers(db, later(PENDING_DAYS))).toEqual([]);
    // Signing up again starts over with a new link.
    const again = requestSubscription(db, "b@example.com", later(PENDING_DAYS + 1));
    expect(again.token).not.toBe(token);
  });

  it("keeps addresses stored before double opt-in as confirmed", () => {
    const old = path.join(dir, "old");
    const legacy = openDatabase(old, { migrations: MIGRATIONS.slice(0, 3) });
    legacy
      .prepare("INSERT INTO newsletter_subscribers (email, created_at) VALUES (?, ?)")
      .run("c@example.com", T0.toISOString());
    migrate(legacy, MIGRATIONS);
    expect(listSubscribers(legacy, T0)).toEqual([
      {
        email: "c@example.com",
        createdAt: T0.toISOString(),
        status: "confirmed",
        confirmedAt: T0.toISOString(),
        token: null,
        expiresAt: null,
      },
    ]);
    legacy.close();
  });
});
