/**
 * A PostgreSQL database of a test's own for the scenario tests that start servers on it: a scratch
 * schema for the store, pg-boss's schema beside it, both dropped (and the store closed) by the
 * cleanups the test runs when it ends.
 */
import { bossSchema } from "#server/ingest/shared-polling.server.ts";
import { openStore } from "#server/store/open.server.ts";
import type { Store } from "#server/store/store.ts";
import { createSchema, dropSchema } from "#server/store/testing/stores.ts";

export async function scratchDatabase(
  cleanups: Array<() => Promise<void> | void>,
): Promise<{ url: string; store: Store }> {
  const { schema, url } = await createSchema();
  cleanups.push(async () => {
    await dropSchema(schema);
    await dropSchema(bossSchema(url));
  });
  const store = openStore({ dataDir: "", databaseUrl: url }).store;
  cleanups.push(() => store.close());
  return { url, store };
}
