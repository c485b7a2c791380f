import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, storeKinds, type TestStore } from "./testing/stores.ts";

const message = {
  name: "Ada Reader",
  email: "ada@example.com",
  subject: "Charging hub",
  message: 'A "quoted", multi-line\nmessage.',
};

describe.each(await storeKinds())("contact messages on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("stores a message and lists it back, newest first", async () => {
    const messages = t.store.messages;
    const first = await messages.insert(
      { ...message, category: "news-tip" },
      new Date("2025-01-01T10:00:00Z"),
    );
    const second = await messages.insert({ ...message, subject: "Later" }, new Date("2025-01-02T10:00:00Z"));
    expect(second).toBeGreaterThan(first);
    expect(await messages.count()).toBe(2);
    expect(await messages.list()).toEqual([
      {
        id: second,
        createdAt: "2025-01-02T10:00:00.000Z",
        ...message,
        subject: "Later",
        category: null,
      },
      { id: first, createdAt: "2025-01-01T10:00:00.000Z", ...message, category: "news-tip" },
    ]);
    expect((await messages.list({ limit: 1 })).map((m) => m.id)).toEqual([second]);
  });

  it("stores one send once, however often it arrives, and different messages with one id each", async () => {
    const messages = t.store.messages;
    const sends = await Promise.all(
      Array.from({ length: 5 }, () =>
        messages.insertOnce(message, "send-1", new Date("2025-01-01T10:00:00Z")),
      ),
    );
    expect(sends.filter((s) => !s.duplicate)).toHaveLength(1);
    // Another reader on a cached page with the same id: a different message, stored too.
    expect((await messages.insertOnce({ ...message, message: "Other" }, "send-1")).duplicate).toBe(false);
    expect(await messages.count()).toBe(2);
  });

  it("keeps the message when the store is reopened", async () => {
    await t.store.messages.insert(message);
    await t.store.close();
    expect(await t.reopen().messages.list()).toHaveLength(1);
  });

  it("rejects when the store cannot take the message", async () => {
    await t.store.close();
    await expect(t.store.messages.insert(message)).rejects.toThrow();
  });
});
