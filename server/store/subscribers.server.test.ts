import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db.server.ts";
import { addSubscriber, listSubscribers } from "./subscribers.server.ts";

describe("newsletter subscribers", () => {
  let dir: string;
  let db: DatabaseSync;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "subs-"));
    db = openDatabase(dir);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores an address once", () => {
    expect(addSubscriber(db, "a@example.com", new Date("2026-01-01T00:00:00Z"))).toEqual({ created: true });
    expect(addSubscriber(db, "a@example.com")).toEqual({ created: false });
    expect(addSubscriber(db, "b@example.com", new Date("2026-01-02T00:00:00Z"))).toEqual({ created: true });
    expect(listSubscribers(db)).toEqual([
      { email: "a@example.com", createdAt: "2026-01-01T00:00:00.000Z" },
      { email: "b@example.com", createdAt: "2026-01-02T00:00:00.000Z" },
    ]);
  });
});
