import type { DatabaseSync } from "node:sqlite";
import type { RateTake } from "#server/store/store.ts";

/** Store.rateLimits.take on SQLite: one process, so a write transaction makes it atomic. */
export function takeRate(
  db: DatabaseSync,
  bucket: string,
  client: string,
  limit: number,
  windowMs: number,
  nowMs = Date.now(),
): RateTake {
  if (limit <= 0) return { ok: true };
  db.exec("BEGIN IMMEDIATE");
  try {
    // Only this client's old events (a few): everyone's are pruneRates's, in batches, off the request.
    db.prepare("DELETE FROM rate_limit_hits WHERE bucket = ? AND client = ? AND at_ms <= ?").run(
      bucket,
      client,
      nowMs - windowMs,
    );
    const row = db
      .prepare(
        "SELECT count(*) AS n, min(at_ms) AS oldest FROM rate_limit_hits WHERE bucket = ? AND client = ? AND at_ms > ?",
      )
      .get(bucket, client, nowMs - windowMs) as { n: number; oldest: number | null };
    let result: RateTake = { ok: true };
    if (row.n >= limit) result = { ok: false, retryAfterMs: (row.oldest ?? nowMs) + windowMs - nowMs };
    else
      db.prepare("INSERT INTO rate_limit_hits (bucket, client, at_ms) VALUES (?, ?, ?)").run(
        bucket,
        client,
        nowMs,
      );
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** Store.rateLimits.prune on SQLite: at most `batch` expired events of one limit. */
export function pruneRates(db: DatabaseSync, bucket: string, beforeMs: number, batch: number): number {
  const result = db
    .prepare(
      `DELETE FROM rate_limit_hits WHERE rowid IN (
         SELECT rowid FROM rate_limit_hits WHERE bucket = ? AND at_ms <= ? LIMIT ?)`,
    )
    .run(bucket, beforeMs, batch);
  return Number(result.changes);
}
