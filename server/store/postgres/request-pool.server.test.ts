/**
 * The web process's store (openStore forRequests) bounds a reader's call even when PostgreSQL
 * answers but a lock holds it (statement_timeout), while the feed engine's own transactions on the
 * same store (the start's sync) wait as long as they need.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openStore } from "#server/store/open.server.ts";
import type { Store } from "#server/store/store.ts";
import { lockTables } from "#server/store/testing/faults.ts";
import { createSchema, dropSchema, storeKinds } from "#server/store/testing/stores.ts";

vi.setConfig({ testTimeout: 60_000 });

const onPostgres = (await storeKinds()).includes("postgres");

describe.runIf(onPostgres)("the web process's PostgreSQL store", () => {
  let schema: string;
  let url: string;
  let store: Store;
  beforeEach(async () => {
    ({ schema, url } = await createSchema());
    store = openStore({ dataDir: "", databaseUrl: url }, { forRequests: true }).store;
    await store.ready();
  });
  afterEach(async () => {
    await store.close();
    await dropSchema(schema);
  });

  it("cancels a read a lock holds past the bound, and lets the start's feed sync wait its turn", async () => {
    // Held longer than the 5 s bound, then let go.
    const lock = await lockTables(url, ["feeds", "feed_sections"], 8000);
    const read = store.feeds.feeds().then(
      () => "answered",
      (error: Error) => error.message,
    );
    const sync = store.feeds.syncFeeds(new Map([["local", ["https://a.example/feed.xml"]]]));
    expect(await read).toMatch(/statement timeout/);
    expect(lock.held()).toBe(true);
    await sync;
    expect(lock.held()).toBe(false);
    expect((await store.feeds.feeds()).map((f) => f.url)).toEqual(["https://a.example/feed.xml"]);
  });
});
