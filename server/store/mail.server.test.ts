import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "./store.ts";
import { openTestStore, storeKinds, type TestStore } from "./testing/stores.ts";

const T0 = new Date("2026-11-26T12:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const LEASE = { leaseMs: 60_000, editions: true };
const WORDS = { subject: "Today", html: "<p>Today</p>", text: "Today" };

/** A confirmed subscriber, through the store's own double opt-in. */
async function subscribe(store: Store, email: string, when = T0): Promise<void> {
  const { token } = await store.subscribers.request(email, when);
  expect(await store.subscribers.confirm(token ?? "", when)).toBe(true);
}

describe.each(await storeKinds())("the outgoing mail queue on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("a stored contact message queues its newsroom note in the same write, and a repeated send none", async () => {
    const message = {
      name: "Ada",
      email: "ada@example.com",
      subject: "Tip",
      message: "Hello",
    };
    const id = await t.store.messages.insert(message, T0);
    const once = await t.store.messages.insertOnce(message, "send-1", T0);
    const again = await t.store.messages.insertOnce(message, "send-1", T0);
    expect(again.duplicate).toBe(true);
    const claimed = await t.store.mail.claim("a", 10, { ...LEASE, now: T0 });
    expect(claimed.map((m) => [m.kind, m.recipient, m.ref, m.attempts, m.subscriber])).toEqual([
      ["contact", "", id, 1, null],
      ["contact", "", once.id, 1, null],
    ]);
    expect(await t.store.messages.get(id)).toMatchObject({ id, subject: "Tip", message: "Hello" });
    expect(await t.store.messages.get(999_999)).toBeUndefined();
  });

  it("a sign-up queues one confirmation mail per window, with the token it needs", async () => {
    const every = 10 * 60_000;
    const first = await t.store.subscribers.request("r@example.com", T0, { mailEveryMs: every });
    expect(first).toMatchObject({ status: "pending", mailed: true });
    expect(await t.store.subscribers.request("r@example.com", at(60), { mailEveryMs: every })).toMatchObject({
      mailed: false,
    });
    expect(await t.store.subscribers.request("r@example.com", at(600), { mailEveryMs: every })).toMatchObject(
      {
        mailed: true,
      },
    );
    const claimed = await t.store.mail.claim("a", 10, { ...LEASE, now: at(600) });
    expect(claimed).toHaveLength(2);
    expect(claimed[0]).toMatchObject({
      kind: "confirm",
      recipient: "r@example.com",
      subscriber: { confirmed: false, bounced: false, token: first.token, unsubscribeToken: null },
    });
    // A confirmed address is left alone: no mail.
    await t.store.subscribers.confirm(first.token ?? "", at(601));
    expect(await t.store.subscribers.request("r@example.com", at(2000), { mailEveryMs: every })).toEqual({
      status: "confirmed",
    });
  });

  it("claims are exclusive until their lease lapses; markSent lets exactly one sender have a mail", async () => {
    await t.store.messages.insert({ name: "A", email: "a@example.com", subject: "s", message: "m" }, T0);
    const [mail] = await t.store.mail.claim("one", 10, { ...LEASE, now: T0 });
    expect(mail).toBeDefined();
    expect(await t.store.mail.claim("two", 10, { ...LEASE, now: at(30) })).toEqual([]);
    expect(await t.store.mail.claimants(at(30))).toEqual(["one"]);
    // The lease lapsed: another sender may claim it (the first is presumed dead), as a second try.
    const [again] = await t.store.mail.claim("two", 10, { ...LEASE, now: at(61) });
    expect(again).toMatchObject({ id: mail?.id, attempts: 2 });
    // The first sender's claim went to the second: it may not mark the mail sent, nor undo it.
    expect(await t.store.mail.markSent(mail?.id ?? 0, "one", at(62))).toBe(false);
    expect(await t.store.mail.markSent(mail?.id ?? 0, "two", at(62))).toBe(true);
    expect(await t.store.mail.markSent(mail?.id ?? 0, "two", at(62))).toBe(false);
    await t.store.mail.retry(mail?.id ?? 0, "one", at(63), "socket timeout");
    await t.store.mail.finish(mail?.id ?? 0, "one", "failed", "gave up");
    expect(await t.store.mail.counts("contact")).toEqual({ queued: 0, sent: 1, failed: 0, skipped: 0 });
    expect(await t.store.mail.claim("three", 10, { ...LEASE, now: at(1000) })).toEqual([]);
  });

  it("retry puts a mail back (undoing a sent mark) due later; finish ends it; release frees claims", async () => {
    for (const n of [1, 2, 3])
      await t.store.messages.insert(
        { name: "A", email: "a@example.com", subject: `s${n}`, message: "m" },
        T0,
      );
    const [a, b, c] = await t.store.mail.claim("x", 10, { ...LEASE, now: T0 });
    await t.store.mail.markSent(a?.id ?? 0, "x", T0);
    await t.store.mail.retry(a?.id ?? 0, "x", at(30), "451 try later");
    await t.store.mail.finish(b?.id ?? 0, "x", "failed", "550 no");
    await t.store.mail.release(["x"]);
    expect(await t.store.mail.nextDue({ editions: true })).toBe(T0.toISOString());
    expect((await t.store.mail.claim("y", 10, { ...LEASE, now: at(1) })).map((m) => m.id)).toEqual([c?.id]);
    expect((await t.store.mail.claim("y", 10, { ...LEASE, now: at(30) })).map((m) => m.id)).toEqual([a?.id]);
    expect(await t.store.mail.counts()).toEqual({ queued: 2, sent: 0, failed: 1, skipped: 0 });
  });

  it("an edition is made once per day and queues one copy per confirmed address not bounced", async () => {
    await subscribe(t.store, "b@example.com");
    await subscribe(t.store, "a@example.com");
    await subscribe(t.store, "bounced@example.com");
    await t.store.subscribers.markBounced("bounced@example.com", T0);
    await t.store.subscribers.request("pending@example.com", T0);
    const made = await t.store.editions.create("2026-11-26", WORDS, T0);
    expect(made).toEqual({ id: expect.any(Number), created: true, recipients: 2 });
    expect(await t.store.editions.create("2026-11-26", { ...WORDS, subject: "Other" }, at(5))).toEqual({
      ...made,
      created: false,
    });
    expect(await t.store.editions.byDay("2026-11-26")).toMatchObject({
      id: made.id,
      subject: "Today",
      recipients: 2,
    });
    expect(await t.store.editions.get(made.id)).toMatchObject({ html: "<p>Today</p>", text: "Today" });
    const claimed = await t.store.mail.claim("s", 10, { ...LEASE, now: at(10) });
    expect(claimed.map((m) => [m.kind, m.recipient, m.ref])).toEqual([
      ["edition", "a@example.com", made.id],
      ["edition", "b@example.com", made.id],
    ]);
    expect(claimed[0]?.subscriber).toMatchObject({
      confirmed: true,
      unsubscribeToken: expect.stringMatching(/^[\w-]{32}$/),
    });
    await t.store.mail.markSent(claimed[0]?.id ?? 0, "s", at(11));
    await t.store.mail.finish(claimed[1]?.id ?? 0, "s", "skipped", "unsubscribed");
    expect(await t.store.editions.recent(5)).toEqual([
      {
        id: made.id,
        day: "2026-11-26",
        createdAt: T0.toISOString(),
        subject: "Today",
        recipients: 2,
        queued: 0,
        sent: 1,
        failed: 0,
        skipped: 1,
      },
    ]);
  });

  it("a process that only sends confirmations and notes never claims an edition's copies", async () => {
    await subscribe(t.store, "a@example.com");
    await t.store.editions.create("2026-11-26", WORDS, T0);
    await t.store.messages.insert({ name: "A", email: "a@example.com", subject: "s", message: "m" }, T0);
    const claimed = await t.store.mail.claim("web", 10, { leaseMs: 60_000, editions: false, now: at(1) });
    expect(claimed.map((m) => m.kind)).toEqual(["contact"]);
    // The claimed note is due again only when its claim lapses; the edition is not this sender's.
    expect(await t.store.mail.nextDue({ editions: false })).toBe(at(61).toISOString());
    // Notes and confirmations go before an edition's copies.
    await t.store.messages.insert({ name: "B", email: "b@example.com", subject: "s", message: "m" }, at(2));
    expect((await t.store.mail.claim("all", 10, { ...LEASE, now: at(3) })).map((m) => m.kind)).toEqual([
      "contact",
      "edition",
    ]);
  });

  it("an unsubscribe token forgets the address; its queued copy then finds no subscriber", async () => {
    await subscribe(t.store, "a@example.com");
    await t.store.editions.create("2026-11-26", WORDS, T0);
    const [first] = await t.store.mail.claim("probe", 10, { ...LEASE, now: T0 });
    await t.store.mail.release(["probe"]);
    const token = first?.subscriber?.unsubscribeToken ?? "";
    expect(await t.store.subscribers.isSubscribedToken(token)).toBe(true);
    expect(await t.store.subscribers.unsubscribe(token)).toBe(true);
    expect(await t.store.subscribers.unsubscribe(token)).toBe(false);
    expect(await t.store.subscribers.isSubscribedToken(token)).toBe(false);
    expect(await t.store.subscribers.list()).toEqual([]);
    const [copy] = await t.store.mail.claim("s", 10, { ...LEASE, now: at(1) });
    expect(copy).toMatchObject({ kind: "edition", recipient: "a@example.com", subscriber: null });
  });

  it("prune deletes finished mail and editions older than the cut, never queued mail", async () => {
    await subscribe(t.store, "a@example.com");
    const old = await t.store.editions.create("2026-08-01", WORDS, new Date("2026-08-01T11:00:00Z"));
    const [copy] = await t.store.mail.claim("s", 10, { ...LEASE, now: T0 });
    await t.store.mail.markSent(copy?.id ?? 0, "s", T0);
    await t.store.messages.insert(
      { name: "A", email: "a@example.com", subject: "s", message: "m" },
      new Date("2026-08-01T11:00:00Z"),
    );
    expect(await t.store.mail.prune(new Date("2026-09-01T00:00:00Z"))).toBe(1);
    expect(await t.store.editions.get(old.id)).toBeUndefined();
    expect(await t.store.mail.counts()).toEqual({ queued: 1, sent: 0, failed: 0, skipped: 0 });
  });
});
