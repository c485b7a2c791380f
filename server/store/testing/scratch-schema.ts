/**
 * Scratch schemas on a PostgreSQL database, for the tests and the benchmarks: a fresh, isolated
 * store that a URL selects by its search_path, dropped afterwards. pg-boss keeps its tables in
 * `<schema>_pgboss` beside it (server/ingest/shared-polling.server.ts).
 */
import pg from "pg";

/** The PostgreSQL the tests use (a schema of their own in it). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL || "postgres://evnews:evnews@127.0.0.1:5432/evnews_test";

/** Whether CI says this is CI: any value but empty, "0" or "false" (CI=1 and CI=true both are). */
export function isCi(value = process.env.CI): boolean {
  const v = (value ?? "").trim().toLowerCase();
  return v !== "" && v !== "0" && v !== "false";
}

/** `baseUrl` with its search_path set to `schema`. */
export function urlWithSchema(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

/** One statement on its own connection (schemas are created and dropped outside any pool). */
export async function adminQuery<T extends pg.QueryResultRow>(
  baseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The tables' size, indexes included, in MB to one decimal. */
export async function schemasSizeMb(baseUrl: string, schemas: readonly string[]): Promise<number> {
  const [row] = await adminQuery<{ bytes: string | null }>(
    baseUrl,
    `SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'm')`,
    [schemas],
  );
  return Math.round(Number(row?.bytes ?? 0) / 1024 / 102.4) / 10;
}
