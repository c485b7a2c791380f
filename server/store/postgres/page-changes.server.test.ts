import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeKinds, TEST_DATABASE_URL } from "#server/store/testing/stores.ts";
import {
  notifyPageChanges,
  openPageChanges,
  PAGE_CHANGES_CHANNEL,
  type PageChanges,
} from "./page-changes.server.ts";

const postgres = (await storeKinds()).includes("postgres");

describe.runIf(postgres)("page changes over LISTEN/NOTIFY", () => {
  const open: PageChanges[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });

  function channel(seen: (string[] | undefined)[]): PageChanges {
    const c = openPageChanges(TEST_DATABASE_URL, { onChange: (s) => seen.push(s) });
    open.push(c);
    return c;
  }

  it("a change published by one process reaches the others (and itself)", async () => {
    const a: (string[] | undefined)[] = [];
    const b: (string[] | undefined)[] = [];
    const one = channel(a);
    const two = channel(b);
    await Promise.all([one.listening(), two.listening()]);
    await one.publish(["technology", "business"]);
    await vi.waitFor(() => expect(b).toContainEqual(["technology", "business"]), { timeout: 5000 });
    await vi.waitFor(() => expect(a).toContainEqual(["technology", "business"]), { timeout: 5000 });
  });

  it("a short-lived process (the CLI's refresh) can tell the servers too", async () => {
    const seen: (string[] | undefined)[] = [];
    await channel(seen).listening();
    await notifyPageChanges(TEST_DATABASE_URL, ["sports"]);
    await vi.waitFor(() => expect(seen).toContainEqual(["sports"]), { timeout: 5000 });
  });

  it("listens again after its connection is dropped, and then treats everything as changed", async () => {
    const seen: (string[] | undefined)[] = [];
    const listener = channel(seen);
    await listener.listening();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()",
        [`LISTEN ${PAGE_CHANGES_CHANNEL}`],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Re-listening says "everything changed" (what was sent meanwhile is lost) ...
    await vi.waitFor(() => expect(seen).toContain(undefined), { timeout: 10_000 });
    // ... and later changes arrive again.
    const sender = channel([]);
    await sender.publish(["science"]);
    await vi.waitFor(() => expect(seen).toContainEqual(["science"]), { timeout: 5000 });
  });
});
