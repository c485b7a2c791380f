import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db.server.ts";
import { countMessages, insertMessage, listMessages } from "./messages.server.ts";

let dir: string;
let db: DatabaseSync;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "messages-test-"));
  db = openDatabase(dir);
});

afterEach(() => {
  if (db.isOpen) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const message = {
  name: "Ada Reader",
  email: "ada@example.com",
  subject: "Charging hub",
  message: 'A "quoted", multi-line\nmessage.',
};

describe("contact messages", () => {
  it("stores a message and lists it back, newest first", () => {
    const first = insertMessage(db, { ...message, category: "news-tip" }, new Date("2025-01-01T10:00:00Z"));
    const second = insertMessage(db, { ...message, subject: "Later" }, new Date("2025-01-02T10:00:00Z"));
    expect(second).toBeGreaterThan(first);
    expect(countMessages(db)).toBe(2);
    expect(listMessages(db)).toEqual([
      {
        id: second,
        createdAt: "2025-01-02T10:00:00.000Z",
        ...message,
        subject: "Later",
        category: null,
      },
      { id: first, createdAt: "2025-01-01T10:00:00.000Z", ...message, category: "news-tip" },
    ]);
    expect(listMessages(db, { limit: 1 }).map((m) => m.id)).toEqual([second]);
  });

  it("keeps the message when the database is reopened", () => {
    insertMessage(db, message);
    db.close();
    db = openDatabase(dir);
    expect(listMessages(db)).toHaveLength(1);
  });

  it("throws when the store cannot take the message", () => {
    db.close();
    expect(() => insertMessage(db, message)).toThrow();
  });
});
