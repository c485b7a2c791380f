/**
 * Both stores for the unit tests: each test gets a fresh, isolated store, SQLite in a temporary
 * directory or PostgreSQL in a schema of its own on TEST_DATABASE_URL (dropped afterwards).
 * PostgreSQL that cannot be reached fails the test file in CI (CI=true, CI=1…) and is skipped,
 * visibly, elsewhere.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { describe, it } from "vitest";
import type { StoreLocation } from "#server/store/open.server.ts";
import { openPostgresStore } from "#server/store/postgres/store.server.ts";
import { openDatabase } from "#server/store/sqlite/db.server.ts";
import { createStore } from "#server/store/sqlite/store.server.ts";
import type { Store } from "#server/store/store.ts";
import { adminQuery as adminQueryOn, isCi, TEST_DATABASE_URL, urlWithSchema } from "./scratch-schema.ts";

export { isCi, TEST_DATABASE_URL };

export type StoreKind = "sqlite" | "postgres";

export type TestStore = {
  kind: StoreKind;
  store: Store;
  /** Where it is, for a CLI or a second process (PostgreSQL: a URL whose search_path is the schema). */
  location: StoreLocation;
  /** The environment a child process needs to open the same store. */
  env: Record<string, string>;
  /** Raw SQL for setting up rows (placeholders written `?`, for both dialects). */
  sql(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * Makes the store refuse writes until the returned function is called. "growth": the writes that
   * need room, as on a full disk (SQLite: the file cannot grow; PostgreSQL: a trigger on the
   * articles table raises disk_full in the server's own words, as a full disk cannot be staged on
   * a shared server). "all": every write (SQLite: query_only; PostgreSQL: disk_full on every table).
   */
  refuseWrites(what: "growth" | "all"): Promise<() => Promise<void>>;
  /** The same store opened again (a restart); the previous handle must be closed first. */
  reopen(): Store;
  /** Closes every handle and removes the directory or schema. */
  dispose(): Promise<void>;
};

const HOW_TO_START =
  "start one with `. .ci/postgres` (starts Debian's PostgreSQL, installing it when missing, and creates the evnews role and evnews_test database), or set TEST_DATABASE_URL";

let reachable: Promise<string | undefined> | undefined;

/** undefined when PostgreSQL answers at TEST_DATABASE_URL, else why not. */
function postgresProblem(): Promise<string | undefined> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message || String(error) : String(error);
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

const redacted = (url: string) => url.replace(/:[^:@/]*@/, ":***@");

/**
 * The stores this test file runs against. Call at the top level (`await storeKinds()`) and
 * describe each. Without PostgreSQL: an error in CI (isCi), else a skipped test that says how to
 * start it.
 */
export async function storeKinds(): Promise<StoreKind[]> {
  const problem = await postgresProblem();
  if (problem === undefined) return ["sqlite", "postgres"];
  const message = `PostgreSQL is not reachable at ${redacted(TEST_DATABASE_URL)} (${problem})`;
  if (isCi()) {
    throw new Error(`${message}: the store tests must run against PostgreSQL in CI (.ci/run starts it).`);
  }
  console.warn(`${message}: the PostgreSQL store tests are SKIPPED; ${HOW_TO_START}.`);
  describe("PostgreSQL store", () => {
    it.skip(`skipped: ${message}; ${HOW_TO_START}`, () => {});
  });
  return ["sqlite"];
}

/** TEST_DATABASE_URL with its search_path set to `schema`. */
export function urlForSchema(schema: string): string {
  return urlWithSchema(TEST_DATABASE_URL, schema);
}

async function adminQuery(text: string): Promise<void> {
  await adminQueryOn(TEST_DATABASE_URL, text);
}

/** A fresh PostgreSQL schema (name and URL); dropSchema removes it and everything in it. */
export async function createSchema(): Promise<{ schema: string; url: string }> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE SCHEMA ${schema}`);
  return { schema, url: urlForSchema(schema) };
}

export async function dropSchema(schema: string): Promise<void> {
  await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}

/** A fresh, empty store of the given kind, migrated to the latest schema. */
export async function openTestStore(kind: StoreKind): Promise<TestStore> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "store-test-"));
    let db: DatabaseSync = openDatabase(dir);
    let store = createStore(db);
    return {
      kind,
      get store() {
        return store;
      },
      location: { dataDir: dir },
      env: { DATA_DIR: dir, DATABASE_URL: "" },
      async sql(text, params = []) {
        return db.prepare(text).all(...(params as never[])) as Record<string, unknown>[];
      },
      async refuseWrites(what) {
        if (what === "all") {
          db.exec("PRAGMA query_only = ON");
          return async () => void db.exec("PRAGMA query_only = OFF");
        }
        const { page_count } = db.prepare("PRAGMA page_count").get() as { page_count: number };
        db.exec(`PRAGMA max_page_count = ${page_count}`);
        return async () => void db.exec("PRAGMA max_page_count = 1073741823");
      },
      reopen() {
        db = openDatabase(dir);
        store = createStore(db);
        return store;
      },
      async dispose() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const { schema, url } = await createSchema();
  let store = openPostgresStore(url, { max: 2 });
  await store.ready();
  const raw = new pg.Pool({ connectionString: url, max: 1 });
  return {
    kind,
    get store() {
      return store;
    },
    location: { dataDir: "", databaseUrl: url },
    env: { DATABASE_URL: url },
    async sql(text, params = []) {
      let n = 0;
      return (
        await raw.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    },
    async refuseWrites(what) {
      const tables =
        what === "growth"
          ? ["articles"]
          : (
              await raw.query<{ name: string }>(
                "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()",
              )
            ).rows.map((r) => r.name);
      await raw.query(`CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`);
      for (const table of tables) {
        await raw.query(
          `CREATE TRIGGER refuse_write BEFORE INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION refuse_write()`,
        );
      }
      return async () => void (await raw.query("DROP FUNCTION refuse_write() CASCADE"));
    },
    reopen() {
      store = openPostgresStore(url, { max: 2 });
      return store;
    },
    async dispose() {
      await store.close();
      await raw.end();
      await dropSchema(schema);
    },
  };
}
