import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "./open.server.ts";
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
    const other = openStore(t.location);
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
