import type { DatabaseSync } from "node:sqlite";
import type { RateTake } from "./store.ts";

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
    db.prepare("DELETE FROM rate_limit_hits WHERE bucket = ? AND at_ms <= ?").run(bucket, nowMs - windowMs);
    const row = db
      .prepare(
        "SELECT count(*) AS n, min(at_ms) AS oldest FROM rate_limit_hits WHERE bucket = ? AND client = ?",
      )
      .get(bucket, client) as { n: number; oldest: number | null };
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
