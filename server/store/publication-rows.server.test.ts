import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, storeKinds, type TestStore } from "./testing/stores.ts";

const T0 = new Date("2026-01-01T00:00:00Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const message = (subject: string) => ({
  name: "Ada",
  email: "ada@example.com",
  subject,
  message: "Hello there",
});

// Readers' rows belong to one publication (ADR 0017): no publication reads or changes another's.
describe.each(await storeKinds())("each publication's readers' rows on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("keeps each publication's contact messages, and its newsroom's note names the publication", async () => {
    const harbour = t.store.publication("harbour");
    const valley = t.store.publication("valley");
    const id = await harbour.messages.insert(message("For the harbour"), T0);
    await valley.messages.insertOnce(message("For the valley"), "send-1", T0);
    // The same send on another publication is another message.
    expect((await harbour.messages.insertOnce(message("For the valley"), "send-1", T0)).duplicate).toBe(
      false,
    );
    expect((await harbour.messages.list()).map((m) => m.subject)).toEqual([
      "For the valley",
      "For the harbour",
    ]);
    expect((await valley.messages.list()).map((m) => m.subject)).toEqual(["For the valley"]);
    expect(await valley.messages.get(id)).toBeUndefined();
    expect(await t.store.messages.count()).toBe(0);
    const claimed = await t.store.mail.claim("me", 10, { leaseMs: 60_000, editions: true, now: later(1) });
    expect(claimed.map((m) => [m.kind, m.publication]).sort()).toEqual([
      ["contact", "harbour"],
      ["contact", "harbour"],
      ["contact", "valley"],
    ]);
  });

  it("one address on two publications is two subscriptions; a token works only where it was sent", async () => {
    const harbour = t.store.publication("harbour").subscribers;
    const valley = t.store.publication("valley").subscribers;
    const h = await harbour.request("ann@example.com", T0, { mailEveryMs: 60_000 });
    const v = await valley.request("ann@example.com", T0, { mailEveryMs: 60_000 });
    expect(h.token).not.toBe(v.token);
    expect(await valley.isPendingToken(h.token ?? "", T0)).toBe(false);
    expect(await valley.confirm(h.token ?? "", later(1))).toBe(false);
    expect(await harbour.confirm(h.token ?? "", later(1))).toBe(true);
    expect((await harbour.list(later(1))).map((s) => s.status)).toEqual(["confirmed"]);
    expect((await valley.list(later(1))).map((s) => s.status)).toEqual(["pending"]);
    expect(await harbour.mailable()).toBe(1);
    expect(await valley.mailable()).toBe(0);
    // Each confirmation mail finds its own publication's row.
    const claimed = await t.store.mail.claim("me", 10, { leaseMs: 60_000, editions: true, now: later(2) });
    const byPublication = Object.fromEntries(claimed.map((m) => [m.publication, m.subscriber?.confirmed]));
    expect(byPublication).toEqual({ harbour: true, valley: false });
  });

  it("an edition is one publication's day, queued for its own subscribers only", async () => {
    for (const [slug, email] of [
      ["harbour", "h@example.com"],
      ["valley", "v@example.com"],
    ] as const) {
      const subs = t.store.publication(slug).subscribers;
      const { token } = await subs.request(email, T0);
      await subs.confirm(token ?? "", T0);
    }
    const words = { subject: "Today", html: "<p>Today</p>", text: "Today" };
    const harbour = t.store.publication("harbour").editions;
    const valley = t.store.publication("valley").editions;
    const made = await harbour.create("2026-01-01", words, later(1));
    expect(made).toMatchObject({ created: true, recipients: 1 });
    expect(await valley.byDay("2026-01-01")).toBeUndefined();
    expect(await valley.get(made.id)).toBeUndefined();
    expect((await valley.create("2026-01-01", words, later(1))).created).toBe(true);
    expect((await harbour.recent(5)).map((e) => e.recipients)).toEqual([1]);
    const copies = (
      await t.store.mail.claim("me", 10, { leaseMs: 60_000, editions: true, now: later(2) })
    ).filter((m) => m.kind === "edition");
    expect(copies.map((m) => `${m.publication}:${m.recipient}`).sort()).toEqual([
      "harbour:h@example.com",
      "valley:v@example.com",
    ]);
  });
});
