import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "./sqlite/db.server.ts";
import { MIGRATIONS } from "./sqlite/migrations.server.ts";
import { createStore } from "./sqlite/store.server.ts";
import { PENDING_DAYS } from "./store.ts";
import { openTestStore, storeKinds, type TestStore } from "./testing/stores.ts";

const DAY = 86_400_000;
const T0 = new Date("2026-01-01T00:00:00Z");
const later = (days: number) => new Date(T0.getTime() + days * DAY);

describe.each(await storeKinds())("newsletter subscribers (double opt-in) on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("stores a new address as pending with a token, and only confirms it through that token", async () => {
    const subs = t.store.subscribers;
    const first = await subs.request("a@example.com", T0);
    expect(first.status).toBe("pending");
    expect(first.token).toMatch(/^[\w-]{32}$/);
    // Asking again keeps the link already sent working, and its expiry.
    expect(await subs.request("a@example.com", later(1))).toEqual(first);
    expect(await subs.list(later(1))).toEqual([
      {
        email: "a@example.com",
        createdAt: T0.toISOString(),
        status: "pending",
        confirmedAt: null,
        token: first.token,
        expiresAt: later(PENDING_DAYS).toISOString(),
      },
    ]);
    expect(await subs.confirm("not-the-token-at-all", later(1))).toBe(false);
    expect(await subs.isPendingToken(first.token ?? "", later(1))).toBe(true);
    expect(await subs.confirm(first.token ?? "", later(2))).toBe(true);
    // A link works once.
    expect(await subs.confirm(first.token ?? "", later(2))).toBe(false);
    expect(await subs.isPendingToken(first.token ?? "", later(2))).toBe(false);
    expect((await subs.list(later(2)))[0]).toMatchObject({
      status: "confirmed",
      confirmedAt: later(2).toISOString(),
      token: null,
    });
    // A confirmed address is left alone: no new link.
    expect(await subs.request("a@example.com", later(3))).toEqual({ status: "confirmed" });
  });

  it("forgets a pending address whose link has expired", async () => {
    const subs = t.store.subscribers;
    const { token } = await subs.request("b@example.com", T0);
    expect(await subs.confirm(token ?? "", later(PENDING_DAYS))).toBe(false);
    expect(await subs.list(later(PENDING_DAYS))).toEqual([]);
    // Signing up again starts over with a new link.
    const again = await subs.request("b@example.com", later(PENDING_DAYS + 1));
    expect(again.token).not.toBe(token);
  });

  it("forgets a pending address on time however often it is signed up again (13.2)", async () => {
    const subs = t.store.subscribers;
    const { token } = await subs.request("c@example.com", T0);
    for (let day = 1; day < PENDING_DAYS; day++) {
      expect(await subs.request("c@example.com", later(day))).toEqual({ status: "pending", token });
    }
    expect((await subs.list(later(PENDING_DAYS - 0.5)))[0]?.expiresAt).toBe(
      later(PENDING_DAYS).toISOString(),
    );
    expect(await subs.isPendingToken(token ?? "", later(PENDING_DAYS))).toBe(false);
    expect(await subs.list(later(PENDING_DAYS))).toEqual([]);
  });

  it("lists addresses oldest first, then by address", async () => {
    const subs = t.store.subscribers;
    await subs.request("b@example.com", T0);
    await subs.request("a@example.com", T0);
    await subs.request("Z@example.com", later(-1));
    expect((await subs.list(T0)).map((s) => s.email)).toEqual([
      "Z@example.com",
      "a@example.com",
      "b@example.com",
    ]);
  });
});

describe("the double opt-in migration (SQLite)", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "subs-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps addresses stored before double opt-in as confirmed", async () => {
    const legacy = openDatabase(dir, { migrations: MIGRATIONS.slice(0, 3) });
    legacy
      .prepare("INSERT INTO newsletter_subscribers (email, created_at) VALUES (?, ?)")
      .run("c@example.com", T0.toISOString());
    migrate(legacy, MIGRATIONS);
    const store = createStore(legacy);
    expect(await store.subscribers.list(T0)).toEqual([
      {
        email: "c@example.com",
        createdAt: T0.toISOString(),
        status: "confirmed",
        confirmedAt: T0.toISOString(),
        token: null,
        expiresAt: null,
      },
    ]);
    await store.close();
  });
});

describe("a sign-up SQLite discards when it commits (13.4)", () => {
  it("rejects instead of answering with the token of an address never stored", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "subscribers-"));
    const db = openDatabase(dir);
    try {
      const store = createStore(db);
      // As a full disk does, a deferred foreign key refuses the write when the statement commits,
      // after the INSERT's RETURNING row is out.
      db.exec(`CREATE TABLE fault_parent (id INTEGER PRIMARY KEY);
        CREATE TABLE fault_child (parent INTEGER REFERENCES fault_parent DEFERRABLE INITIALLY DEFERRED);
        CREATE TEMP TRIGGER fault AFTER INSERT ON main.newsletter_subscribers BEGIN INSERT INTO fault_child VALUES (1); END;`);
      await expect(store.subscribers.request("a@example.com", T0)).rejects.toThrow(
        /FOREIGN KEY constraint failed/,
      );
      expect(await store.subscribers.list(T0)).toEqual([]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
