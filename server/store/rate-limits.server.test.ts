import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pruneRateLimits } from "#server/forms/rate-limit.server.ts";
import { openStore } from "./open.server.ts";
import { takeRate } from "./sqlite/rate-limits.server.ts";
import { openTestStore, storeKinds, type TestStore } from "./testing/stores.ts";

describe.each(await storeKinds())("rate limits on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("counts per bucket and client within a sliding window, and tells how long to wait", async () => {
    const take = (client: string, at: number, bucket = "contact") =>
      t.store.rateLimits.take(bucket, client, 2, 60_000, at);
    expect(await take("1.2.3.4", 1000)).toEqual({ ok: true });
    expect(await take("1.2.3.4", 2000)).toEqual({ ok: true });
    expect(await take("1.2.3.4", 3000)).toEqual({ ok: false, retryAfterMs: 58_000 });
    // Another client, another limit: counted apart.
    expect(await take("5.6.7.8", 3000)).toEqual({ ok: true });
    expect(await take("1.2.3.4", 3000, "newsletter")).toEqual({ ok: true });
    // The first event leaves the window: one more is allowed.
    expect(await take("1.2.3.4", 61_001)).toEqual({ ok: true });
    expect((await take("1.2.3.4", 61_002)).ok).toBe(false);
  });

  it("two connections to one database share the count (two processes)", async () => {
    const other = openStore(t.location).store;
    try {
      expect(await t.store.rateLimits.take("contact", "c", 2, 60_000, 1000)).toEqual({ ok: true });
      expect(await other.rateLimits.take("contact", "c", 2, 60_000, 1001)).toEqual({ ok: true });
      expect((await t.store.rateLimits.take("contact", "c", 2, 60_000, 1002)).ok).toBe(false);
      expect((await other.rateLimits.take("contact", "c", 2, 60_000, 1003)).ok).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("a limit of 0 is off", async () => {
    for (let i = 0; i < 5; i++)
      expect(await t.store.rateLimits.take("contact", "c", 0, 1000, i)).toEqual({ ok: true });
  });
});

describe.each(await storeKinds())("expired rate-limit events on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  const rowsOf = async (bucket: string) =>
    Number((await t.sql("SELECT count(*) AS n FROM rate_limit_hits WHERE bucket = ?", [bucket]))[0]?.n);

  /** `n` events of other clients, long expired (a flood's leftovers). */
  async function leftovers(n: number, bucket = "contact") {
    for (let i = 0; i < n; i++)
      await t.sql("INSERT INTO rate_limit_hits (bucket, client, at_ms) VALUES (?, ?, ?)", [
        bucket,
        `10.0.0.${i}`,
        i,
      ]);
  }

  it("a count deletes only its own client's expired events, never everyone's on the request", async () => {
    await leftovers(250);
    await t.sql("INSERT INTO rate_limit_hits (bucket, client, at_ms) VALUES ('contact', 'c', 5)");
    expect(await t.store.rateLimits.take("contact", "c", 1, 60_000, 1_000_000)).toEqual({ ok: true });
    // c's old event went with its count; the others are the background prune's.
    expect(await rowsOf("contact")).toBe(251);
  });

  it("prune deletes at most a batch of one limit's expired events at a time", async () => {
    await leftovers(250);
    await leftovers(3, "newsletter");
    await t.store.rateLimits.take("contact", "fresh", 5, 60_000, 1_000_000);
    const prune = () => t.store.rateLimits.prune("contact", 1_000_000 - 60_000, 100);
    expect([await prune(), await prune(), await prune(), await prune()]).toEqual([100, 100, 50, 0]);
    expect(await rowsOf("contact")).toBe(1);
    expect(await rowsOf("newsletter")).toBe(3);
  });

  it("pruneRateLimits goes through every limit in batches", async () => {
    await leftovers(25);
    await leftovers(7, "newsletter");
    const windows = new Map([
      ["contact", 60_000],
      ["newsletter", 600_000],
    ]);
    const prune = vi.spyOn(t.store.rateLimits, "prune");
    expect(await pruneRateLimits(t.store.rateLimits, windows, { batch: 10, now: 1_000_000 })).toBe(32);
    expect(prune.mock.calls.map(([bucket, , batch]) => [bucket, batch])).toEqual([
      ["contact", 10],
      ["contact", 10],
      ["contact", 10],
      ["newsletter", 10],
    ]);
    expect((await rowsOf("contact")) + (await rowsOf("newsletter"))).toBe(0);
  });
});

describe("takeRate on SQLite", () => {
  it("ends its transaction when the count fails, and says why", () => {
    // No rate_limit_hits table: the count's first statement fails inside the transaction.
    const db = new DatabaseSync(":memory:");
    try {
      expect(() => takeRate(db, "contact", "c", 1, 60_000, 1000)).toThrow(/no such table/);
      expect(db.isTransaction).toBe(false);
    } finally {
      db.close();
    }
  });
});
