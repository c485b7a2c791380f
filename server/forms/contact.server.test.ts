import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "#content/site.ts";
import { SENT_TEXT, SENT_TITLE } from "#domain/contact.ts";
import { openStore } from "#server/store/open.server.ts";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";
import { contactLimiter, handleContact, rateLimitedMessage, STORE_FAILED } from "./contact.server.ts";
import { createRateLimiter, createStoreRateLimiter, type RateLimiter } from "./rate-limit.server.ts";

const kinds = await storeKinds();
const postgres = kinds.includes("postgres");

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const valid = {
  name: "Ada Reader",
  email: "ada@example.com",
  category: "partnership",
  subject: "Working together",
  message: "Hello newsroom.",
  website: "",
};

const WINDOW_MS = 600_000;

describe.each(kinds)("handleContact (%s)", (kind) => {
  let t: TestStore;
  const log = { info: vi.fn(), error: vi.fn() };
  beforeEach(async () => {
    t = await openTestStore(kind);
    log.info.mockClear();
    log.error.mockClear();
  });
  afterEach(() => t.dispose());

  /**
   * The limiter the server picks for this store (contactLimiter, without its per-process cache):
   * in memory on SQLite (one process), in the database on PostgreSQL. One clock for every take,
   * so the wait it reports is the window's, however slow the machine.
   */
  function limiter(limit: number): RateLimiter {
    const options = { limit, windowMs: WINDOW_MS };
    const inner =
      kind === "postgres"
        ? createStoreRateLimiter(t.store.rateLimits, "contact", options)
        : createRateLimiter(options);
    const now = Date.now();
    return { take: (key) => inner.take(key, now) };
  }

  const deps = (limit = 5) => ({
    messages: t.store.messages,
    limiter: limiter(limit),
    clientKey: "1.2.3.4",
    log,
  });

  it("stores the same send (one-time send id and text) once: a reload or a double click", async () => {
    const send = { ...valid, send_id: "2f6d1f9e-6c1b-4a4e-9a57-0d9c7b6d2a11" };
    const first = await handleContact(form(send), deps());
    const again = await handleContact(form(send), deps());
    expect(first).toEqual(again);
    expect(first.status).toBe(200);
    expect(await t.store.messages.list()).toHaveLength(1);
    // Another message with the same id (a page cached for two readers) is still stored.
    await handleContact(form({ ...send, message: "Something else." }), deps());
    expect(await t.store.messages.list()).toHaveLength(2);
  });

  it("stores a valid message and answers with the spec's confirmation", async () => {
    const reply = await handleContact(form(valid), deps());
    expect(reply).toEqual({ status: 200, body: { ok: true, title: SENT_TITLE, message: SENT_TEXT } });
    expect(await t.store.messages.list()).toMatchObject([
      { name: "Ada Reader", email: "ada@example.com", category: "partnership", subject: "Working together" },
    ]);
  });

  it("answers 400 with every field's error and the typed values, storing nothing", async () => {
    const reply = await handleContact(form({ ...valid, name: " ", email: "nope", message: "" }), deps());
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      ok: false,
      values: { name: " ", email: "nope", category: "partnership", subject: "Working together", message: "" },
      errors: {
        name: "Enter your name.",
        email: "Enter a valid email address, like name@example.com.",
        message: "Enter your message.",
      },
    });
    expect(await t.store.messages.list()).toEqual([]);
  });

  it("drops a honeypot submission silently", async () => {
    const reply = await handleContact(form({ ...valid, website: "http://spam.example" }), deps());
    expect(reply.body.ok).toBe(true);
    expect(await t.store.messages.list()).toEqual([]);
  });

  it("answers 429 with a clear message once a client passes the limit, keeping the text", async () => {
    const d = deps(2);
    expect((await handleContact(form(valid), d)).status).toBe(200);
    expect((await handleContact(form(valid), d)).status).toBe(200);
    const reply = await handleContact(form({ ...valid, subject: "Third" }), d);
    expect(reply.status).toBe(429);
    expect(reply.headers?.["Retry-After"]).toBe("600");
    expect(reply.body).toMatchObject({ ok: false, values: { subject: "Third" } });
    expect(reply.body.ok === false && reply.body.formError).toBe(rateLimitedMessage(WINDOW_MS));
    expect(await t.store.messages.list()).toHaveLength(2);
    // Another client is not affected.
    expect((await handleContact(form(valid), { ...d, clientKey: "5.6.7.8" })).status).toBe(200);
  });

  it("says so, and keeps what was typed, when the store fails", async () => {
    // Every write refused (SQLite: query_only; PostgreSQL: disk_full from a trigger on every table,
    // the rate limit's too, which then lets the message through to the failing write).
    await t.refuseWrites("all");
    const reply = await handleContact(form(valid), deps());
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({
      ok: false,
      formError: STORE_FAILED,
      values: { message: "Hello newsroom." },
    });
    expect(log.error).toHaveBeenCalled();
    expect(await t.store.messages.list()).toEqual([]);
  });
});

describe("rateLimitedMessage and contactLimiter", () => {
  it("rounds the wait up to whole minutes", async () => {
    expect(rateLimitedMessage(1000)).toContain("wait 1 minute before");
    expect(rateLimitedMessage(9 * 60_000 + 1)).toContain("wait 10 minutes before");
    expect(rateLimitedMessage(60_000)).toContain("wait 1 minute before");
    expect(rateLimitedMessage(60_001)).toContain("wait 2 minutes before");
    // A wait that is already over still asks for a minute, never for none.
    expect(rateLimitedMessage(0)).toBe(
      "You have sent several messages in a short time. Please wait 1 minute before sending another; your message is still in the form below.",
    );
  });

  it("counts under 'contact' with the window in minutes: in a store processes share, else in memory", async () => {
    const rateLimits = { take: vi.fn(async () => ({ ok: true as const })), prune: vi.fn(async () => 0) };
    const config = { CONTACT_RATE_LIMIT: 1, CONTACT_RATE_WINDOW_MINUTES: 15 };
    await contactLimiter(config, { rateLimits, shared: true }).take("10.0.0.1", 1000);
    expect(rateLimits.take).toHaveBeenCalledWith("contact", "10.0.0.1", 1, 15 * 60_000, 1000);
    const memory = contactLimiter(config, { rateLimits, shared: false });
    expect(await memory.take("10.0.0.1", 1000)).toEqual({ ok: true });
    expect(await memory.take("10.0.0.1", 2000)).toEqual({ ok: false, retryAfterMs: 15 * 60_000 - 1000 });
    expect(rateLimits.take).toHaveBeenCalledTimes(1);
  });

  it.runIf(postgres)("on PostgreSQL, counts in the database: two processes share one window", async () => {
    const t = await openTestStore("postgres");
    const other = openStore(t.location).store;
    try {
      const config = { CONTACT_RATE_LIMIT: 2, CONTACT_RATE_WINDOW_MINUTES: 10 };
      const one = contactLimiter(config, { rateLimits: t.store.rateLimits, shared: true });
      const two = contactLimiter(config, { rateLimits: other.rateLimits, shared: true });
      expect(await one.take("10.0.0.1")).toEqual({ ok: true });
      expect(await two.take("10.0.0.1")).toEqual({ ok: true });
      // The count is in the database (an in-memory limiter would be shared within this test process too).
      expect((await other.rateLimits.take("contact", "10.0.0.1", 2, 10 * 60_000)).ok).toBe(false);
      expect((await one.take("10.0.0.1")).ok).toBe(false);
      expect((await two.take("10.0.0.1")).ok).toBe(false);
      expect(await two.take("10.0.0.2")).toEqual({ ok: true });
    } finally {
      await other.close();
      await t.dispose();
    }
  });
});

/** The action alone, with a limiter and a store that do as told (no database). */
describe("handleContact's answers", () => {
  const { website: _, ...typed } = valid;
  const ok = { take: () => ({ ok: true as const }) };
  function fakes(limiter: RateLimiter = ok) {
    const log = { info: vi.fn(), error: vi.fn() };
    const messages = {
      insert: vi.fn(async () => 7),
      insertOnce: vi.fn(async () => ({ id: 8, duplicate: false })),
    };
    return { log, messages, deps: { messages, limiter, clientKey: "198.51.100.7", log } };
  }

  it("says, word for word, that the message was sent", async () => {
    const { deps, messages, log } = fakes();
    expect(await handleContact(form(valid), deps)).toEqual({
      status: 200,
      body: {
        ok: true,
        title: "Message Sent",
        message: "Thank you for your message. We'll get back to you soon!",
      },
    });
    expect(messages.insert).toHaveBeenCalledWith({
      name: "Ada Reader",
      email: "ada@example.com",
      category: "partnership",
      subject: "Working together",
      message: "Hello newsroom.",
    });
    expect(messages.insertOnce).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith({ event: "contact.stored", id: 7 }, expect.any(String));
  });

  it("stores a send with a send id once, and logs a repeat as a duplicate", async () => {
    const { deps, messages, log } = fakes();
    const send = { ...valid, send_id: "2f6d1f9e-6c1b-4a4e-9a57-0d9c7b6d2a11" };
    expect((await handleContact(form(send), deps)).status).toBe(200);
    expect(messages.insertOnce).toHaveBeenCalledWith(
      expect.objectContaining({ subject: "Working together" }),
      "2f6d1f9e-6c1b-4a4e-9a57-0d9c7b6d2a11",
    );
    expect(messages.insert).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenLastCalledWith({ event: "contact.stored", id: 8 }, expect.any(String));
    messages.insertOnce.mockResolvedValueOnce({ id: 8, duplicate: true });
    expect((await handleContact(form(send), deps)).status).toBe(200);
    expect(log.info).toHaveBeenLastCalledWith({ event: "contact.duplicate" }, expect.any(String));
  });

  it("drops a filled honeypot as if sent, but stores one that holds only spaces", async () => {
    const { deps, messages, log } = fakes();
    expect(await handleContact(form({ ...valid, website: "http://spam.example" }), deps)).toEqual({
      status: 200,
      body: { ok: true, title: SENT_TITLE, message: SENT_TEXT },
    });
    expect(messages.insert).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith({ event: "contact.honeypot" }, expect.any(String));
    // A browser's autofill of spaces is not a bot, nor is a form sent without the hidden field.
    expect((await handleContact(form({ ...valid, website: "  " }), deps)).status).toBe(200);
    expect((await handleContact(form(typed), deps)).status).toBe(200);
    expect(messages.insert).toHaveBeenCalledTimes(2);
  });

  it("checks the limit for the sender's address only once the message is valid", async () => {
    const take = vi.fn(() => ({ ok: true as const }));
    const { deps } = fakes({ take });
    await handleContact(form({ ...valid, email: "nope" }), deps);
    expect(take).not.toHaveBeenCalled();
    await handleContact(form(valid), deps);
    expect(take).toHaveBeenCalledWith("198.51.100.7");
  });

  it("answers a client over the limit with how long to wait, in words and in whole seconds", async () => {
    const { deps, messages } = fakes({ take: () => ({ ok: false, retryAfterMs: 61_500 }) });
    expect(await handleContact(form(valid), deps)).toEqual({
      status: 429,
      headers: { "Retry-After": "62" },
      body: {
        ok: false,
        values: typed,
        formError:
          "You have sent several messages in a short time. Please wait 2 minutes before sending another; your message is still in the form below.",
      },
    });
    expect(messages.insert).not.toHaveBeenCalled();
  });

  it("says the message could not be sent, with the newsroom's address, when the store fails", async () => {
    const { deps, messages, log } = fakes();
    const failure = new Error("disk full");
    messages.insert.mockRejectedValueOnce(failure);
    const reply = await handleContact(form(valid), deps);
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({
      ok: false,
      values: typed,
      formError: `Sorry, your message could not be sent just now. Nothing is lost: it is still in the form below. Please try again in a few minutes, or email ${site.newsroomEmail}.`,
    });
    expect(log.error).toHaveBeenCalledWith(
      { event: "contact.store_failed", err: failure },
      expect.any(String),
    );
  });
});
