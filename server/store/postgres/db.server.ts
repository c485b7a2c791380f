import pg from "pg";

export type Queryable = Pick<pg.PoolClient, "query">;

export type PoolOptions = {
  /** Connections this pool may hold (the ingest worker and the web thread each have a pool). */
  max?: number;
  /**
   * Bound every call on this pool (the web process's, which serves readers' requests): a
   * statement PostgreSQL runs longer than this is cancelled (statement_timeout), a server that
   * does not answer at all (frozen, a dead network) is given up on REQUEST_REPLY_GRACE_MS later
   * (the connection is dropped), and waiting for a connection is bounded the same. Unset: the
   * ingest worker and the CLIs, whose work may take as long as it needs.
   */
  requestTimeoutMs?: number;
};

/**
 * How long a reader's request waits for the database at most, per statement and for a connection
 * (the web process's pool): past it the page or form answers 503 and says so, rather than hang.
 */
export const REQUEST_TIMEOUT_MS = 5000;

/** A server that cancels a statement says so; one that says nothing this long after is not answering. */
export const REQUEST_REPLY_GRACE_MS = 1000;

/** pg's own error when a query's reply does not come within query_timeout. */
export const isReplyTimeout = (error: unknown) =>
  error instanceof Error && error.message === "Query read timeout";

/**
 * A pool on DATABASE_URL (another schema: `?options=-c search_path=name` in the URL). Times stay
 * ISO text (as on SQLite), so no type parsing is changed.
 */
export function createPool(connectionString: string, options: PoolOptions = {}): pg.Pool {
  const bound = options.requestTimeoutMs;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 5,
    connectionTimeoutMillis: bound ?? 10_000,
    idleTimeoutMillis: 30_000,
    ...(bound && { statement_timeout: bound, query_timeout: bound + REQUEST_REPLY_GRACE_MS }),
  });
  // An idle connection the server drops (a restart) must not crash the process: the next query
  // takes a new one.
  pool.on("error", () => {});
  return pool;
}

/** Runs `fn` in one transaction on one connection; rolls back when it throws. */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // A connection whose server stopped answering, or that could not roll back, is dropped, never
  // handed to the next request with a transaction or a reply still pending.
  let broken = false;
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    broken = isReplyTimeout(error);
    if (!broken) {
      try {
        await client.query("ROLLBACK");
      } catch {
        // the original error is the one worth reporting
        broken = true;
      }
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * How long a write made while a reader waits (a contact message, a newsletter sign-up, a rate-limit
 * count) waits for another connection's lock: SQLite's busy timeout (5 s) in PostgreSQL's terms.
 * Without it such a write waits as long as the lock is held (a long migration, an operator's LOCK
 * TABLE) and the reader with it; with it the reader is told to try again. The ingest worker, the
 * migrations and the CLIs still wait as long as they need.
 */
export const REQUEST_LOCK_TIMEOUT_MS = 5000;

/**
 * withTransaction for a write on a reader's request: a lock wait past REQUEST_LOCK_TIMEOUT_MS
 * throws. `turn` is an advisory lock by which our own short writes take turns (one send, one
 * client's count): it is taken first and waited for as its holders take (each is itself bounded);
 * on the web process's pool the statement bound (REQUEST_TIMEOUT_MS) caps even that wait.
 */
export function withRequestTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  turn?: { text: string; values: unknown[] },
  /** Bounds every lock wait (the turn's too) and statement to this, for a caller that gives up then. */
  waitMs?: number,
): Promise<T> {
  return withTransaction(pool, async (client) => {
    if (waitMs !== undefined) {
      const ms = Math.max(1, Math.floor(waitMs));
      await client.query(`SET LOCAL lock_timeout = ${ms}`);
      await client.query(`SET LOCAL statement_timeout = ${ms}`);
      if (turn) await client.query(turn.text, turn.values);
      return fn(client);
    }
    if (turn) await client.query(turn.text, turn.values);
    // SET takes no bound parameters; the value is our constant.
    await client.query(`SET LOCAL lock_timeout = ${REQUEST_LOCK_TIMEOUT_MS}`);
    return fn(client);
  });
}

/** The version table's name; PRAGMA user_version's counterpart. */
const VERSION_TABLE = "evnews_schema_version";

export async function schemaVersion(db: Queryable): Promise<number> {
  const exists = await db.query("SELECT to_regclass($1) AS t", [VERSION_TABLE]);
  if (exists.rows[0]?.t === null) return 0;
  const { rows } = await db.query(`SELECT COALESCE(MAX(version), 0) AS v FROM ${VERSION_TABLE}`);
  return Number(rows[0]?.v ?? 0);
}

/** One step of the schema (the steps themselves are in migrations.server.ts). */
export type PostgresMigration = {
  version: number;
  name: string;
  up: (db: Queryable) => Promise<unknown>;
};

/**
 * Runs the pending migrations in order, each in its own transaction with its version row. A
 * session advisory lock (keyed by the schema) makes processes that open the store at once take
 * turns: the second finds the work done.
 */
export async function migrate(pool: pg.Pool, migrations: readonly PostgresMigration[]): Promise<void> {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`Migration "${m.name}" has version ${m.version}; expected ${i + 1}`);
  });
  // Migrations may wait for another process's and take long: a connection of their own, without
  // the request pool's bounds (statement and reply timeouts).
  const client = new pg.Client({
    ...pool.options,
    statement_timeout: undefined,
    query_timeout: undefined,
    connectionTimeoutMillis: 10_000,
  });
  // A connection the server drops fails the query in progress; it must not crash the process.
  client.on("error", () => {});
  try {
    await client.connect();
    await migrateOn(client, migrations);
  } finally {
    await client.end().catch(() => {});
  }
}

async function migrateOn(client: pg.Client, migrations: readonly PostgresMigration[]): Promise<void> {
  const lock = "SELECT hashtext('evnews:migrate:' || current_schema()) AS k";
  const key = (await client.query(lock)).rows[0]?.k as number;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [key]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const current = await schemaVersion(client);
    if (current > migrations.length) {
      throw new Error(
        `The database is at schema version ${current}, newer than this code knows (${migrations.length})`,
      );
    }
    for (const m of migrations.slice(current)) {
      try {
        await client.query("BEGIN");
        await m.up(client);
        await client.query(`INSERT INTO ${VERSION_TABLE} (version, name) VALUES ($1, $2)`, [
          m.version,
          m.name,
        ]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Migration ${m.version} ("${m.name}") failed: ${reason}`, { cause: error });
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => {});
  }
}
