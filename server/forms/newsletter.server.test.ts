import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openStore } from "#server/store/open.server.ts";
import { PENDING_DAYS } from "#server/store/store.ts";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";
import {
  CONFIRM_MAIL_EVERY_MS,
  checkInboxMessage,
  confirmableToken,
  confirmLink,
  confirmNewsletter,
  handleNewsletter,
  NEWSLETTER_WINDOW_MS,
  type NewsletterDeps,
  newsletterLimiter,
  readConfirmToken,
} from "./newsletter.server.ts";
import { createRateLimiter, createStoreRateLimiter, type RateLimiter } from "./rate-limit.server.ts";

const kinds = await storeKinds();
const postgres = kinds.includes("postgres");

const form = (email: string) => {
  const f = new FormData();
  f.set("intent", "newsletter");
  f.set("email", email);
  return f;
};

describe.each(kinds)("handleNewsletter (%s)", (kind) => {
  let t: TestStore;
  let logged: Array<Record<string, unknown>>;
  let deps: NewsletterDeps;
  beforeEach(async () => {
    t = await openTestStore(kind);
    logged = [];
    deps = {
      subscribers: t.store.subscribers,
      limiter: createRateLimiter({ limit: 0, windowMs: 60_000 }),
      clientKey: "203.0.113.9",
      log: { info: (obj: object) => logged.push(obj as Record<string, unknown>), error: () => {} },
    };
  });
  afterEach(() => t.dispose());

  /** The pending address's confirmation token (the one its mail carries). */
  const pendingToken = async () => (await t.store.subscribers.list()).find((s) => s.token)?.token ?? "";

  it("answers a new, a pending and a subscribed address the same way, never cached", async () => {
    const fresh = await handleNewsletter(form("New@Example.com"), deps);
    const again = await handleNewsletter(form("new@example.com"), deps);
    expect(await confirmNewsletter(t.store.subscribers, await pendingToken())).toBe(true);
    expect(await t.store.subscribers.list()).toMatchObject([
      { email: "new@example.com", status: "confirmed" },
    ]);
    const member = await handleNewsletter(form("new@example.com"), deps);
    for (const reply of [fresh, again, member]) {
      expect(reply).toEqual({
        status: 200,
        headers: { "Cache-Control": "no-store" },
        body: { ok: true, message: checkInboxMessage("new@example.com") },
      });
    }
  });

  it("stores a new address as pending and queues one confirmation mail per address per window", async () => {
    let kicks = 0;
    deps.mailQueued = () => kicks++;
    const at = new Date("2026-11-26T12:00:00Z");
    await handleNewsletter(form("reader@example.com"), { ...deps, now: at });
    const [row] = await t.store.subscribers.list(at);
    expect(row).toMatchObject({ email: "reader@example.com", status: "pending" });
    // The link is in the mail, never in the log.
    expect(logged).toEqual([{ event: "newsletter.pending" }]);
    expect((await t.store.mail.counts("confirm")).queued).toBe(1);
    // Sent again within the window: stored once, no second mail.
    await handleNewsletter(form("reader@example.com"), {
      ...deps,
      now: new Date(at.getTime() + CONFIRM_MAIL_EVERY_MS - 1000),
    });
    expect((await t.store.mail.counts("confirm")).queued).toBe(1);
    await handleNewsletter(form("reader@example.com"), {
      ...deps,
      now: new Date(at.getTime() + CONFIRM_MAIL_EVERY_MS),
    });
    expect((await t.store.mail.counts("confirm")).queued).toBe(2);
    expect(kicks).toBe(2);
  });

  it("double opt-in: the logged link confirms the address once, and only a pending address's link is offered", async () => {
    await handleNewsletter(form("reader@example.com"), deps);
    const token = await pendingToken();
    expect(await confirmableToken(t.store.subscribers, token)).toBe(token);
    expect(await confirmableToken(t.store.subscribers, `${token}x`)).toBe("");
    expect(await confirmNewsletter(t.store.subscribers, "not a token")).toBe(false);
    expect(await t.store.subscribers.list()).toMatchObject([{ status: "pending" }]);
    expect(await confirmNewsletter(t.store.subscribers, token)).toBe(true);
    expect(await t.store.subscribers.list()).toMatchObject([
      { email: "reader@example.com", status: "confirmed", token: null },
    ]);
    // A used link neither confirms again nor is offered.
    expect(await confirmNewsletter(t.store.subscribers, token)).toBe(false);
    expect(await confirmableToken(t.store.subscribers, token)).toBe("");
  });

  /**
   * The limiter the server picks for this store (newsletterLimiter, without its per-process cache):
   * in memory on SQLite (one process), in the database on PostgreSQL.
   */
  function serverLimiter(limit: number): RateLimiter {
    const options = { limit, windowMs: NEWSLETTER_WINDOW_MS };
    return kind === "postgres"
      ? createStoreRateLimiter(t.store.rateLimits, "newsletter", options)
      : createRateLimiter(options);
  }

  it("throttles one client with 429 and Retry-After; other clients still get through", async () => {
    deps.limiter = serverLimiter(3);
    const emails = Array.from({ length: 5 }, (_, i) => `p${i}@example.com`);
    const replies = await Promise.all(emails.map((email) => handleNewsletter(form(email), deps)));
    // Sent at once: which three get through is the limiter's to decide (on PostgreSQL, whichever
    // connection takes the client's lock first); three do, and two are refused.
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = emails.filter((_, i) => replies[i]?.status === 429);
    for (const email of refused) {
      const reply = replies[emails.indexOf(email)];
      expect(reply?.headers["Cache-Control"]).toBe("no-store");
      expect(Number(reply?.headers["Retry-After"])).toBeGreaterThan(0);
      expect(reply?.body).toMatchObject({ ok: false, email });
    }
    // Refused sign-ups store nothing.
    expect((await t.store.subscribers.list()).map((s) => s.email).sort()).toEqual(
      emails.filter((e) => !refused.includes(e)),
    );
    expect(
      (await handleNewsletter(form("q@example.com"), { ...deps, clientKey: "203.0.113.10" })).status,
    ).toBe(200);
  });

  it("refuses an invalid address in the form and keeps what was typed", async () => {
    expect(await handleNewsletter(form("bad@"), deps)).toMatchObject({
      status: 200,
      body: { ok: false, email: "bad@" },
    });
    expect(await t.store.subscribers.list()).toEqual([]);
  });

  it("says so, and keeps what was typed, when the store cannot take the sign-up", async () => {
    await t.refuseWrites("all");
    expect(await handleNewsletter(form("reader@example.com"), deps)).toMatchObject({
      status: 503,
      headers: { "Cache-Control": "no-store" },
      body: { ok: false, email: "reader@example.com" },
    });
  });
});

describe("newsletterLimiter", () => {
  it.runIf(postgres)("on PostgreSQL, counts in the database: two processes share one window", async () => {
    const t = await openTestStore("postgres");
    const other = openStore(t.location).store;
    try {
      const config = { NEWSLETTER_RATE_LIMIT: 2 };
      const deps = (store: typeof other): NewsletterDeps => ({
        subscribers: store.subscribers,
        limiter: newsletterLimiter(config, { rateLimits: store.rateLimits, shared: true }),
        clientKey: "203.0.113.9",
        log: { info: () => {}, error: () => {} },
      });
      const one = deps(t.store);
      const two = deps(other);
      expect((await handleNewsletter(form("a@example.com"), one)).status).toBe(200);
      expect((await handleNewsletter(form("b@example.com"), two)).status).toBe(200);
      // The count is in the database (an in-memory limiter would be shared within this test process too).
      expect((await other.rateLimits.take("newsletter", "203.0.113.9", 2, NEWSLETTER_WINDOW_MS)).ok).toBe(
        false,
      );
      // The third sign-up from that client is refused by either process.
      expect((await handleNewsletter(form("c@example.com"), one)).status).toBe(429);
      expect((await handleNewsletter(form("c@example.com"), two)).status).toBe(429);
      expect(
        (await handleNewsletter(form("c@example.com"), { ...two, clientKey: "203.0.113.10" })).status,
      ).toBe(200);
      expect((await t.store.subscribers.list()).map((s) => s.email)).toEqual([
        "a@example.com",
        "b@example.com",
        "c@example.com",
      ]);
    } finally {
      await other.close();
      await t.dispose();
    }
  });
});

/** The action alone, with a limiter and a list that do as told (no database). */
describe("handleNewsletter's answers", () => {
  function fakes(limiter: RateLimiter = { take: () => ({ ok: true }) }) {
    const log = { info: vi.fn(), error: vi.fn() };
    const subscribers = {
      request: vi.fn(
        async (): Promise<{ status: "pending" | "confirmed"; token?: string; mailed?: boolean }> => ({
          status: "pending",
          token: "tok_en-0123456789abcdef",
          mailed: true,
        }),
      ),
    };
    const deps = {
      subscribers: subscribers as unknown as NewsletterDeps["subscribers"],
      limiter,
      clientKey: "198.51.100.7",
      log,
      now: new Date("2026-11-26T12:00:00Z"),
    };
    return { log, subscribers, deps };
  }

  it("tells the reader to check the inbox, in these words", async () => {
    const { deps, subscribers, log } = fakes();
    expect(await handleNewsletter(form(" Reader@Example.com "), deps)).toEqual({
      status: 200,
      headers: { "Cache-Control": "no-store" },
      body: {
        ok: true,
        message: `Almost done: if reader@example.com is not subscribed yet, we have sent it a link to confirm. The link works for ${PENDING_DAYS} days.`,
      },
    });
    expect(subscribers.request).toHaveBeenCalledWith("reader@example.com", deps.now, {
      mailEveryMs: CONFIRM_MAIL_EVERY_MS,
    });
    expect(log.info).toHaveBeenCalledWith({ event: "newsletter.pending" }, expect.any(String));
  });

  it("logs nothing when no confirmation goes out (already subscribed)", async () => {
    const { deps, subscribers, log } = fakes();
    subscribers.request.mockResolvedValueOnce({ status: "confirmed" });
    expect((await handleNewsletter(form("reader@example.com"), deps)).body.ok).toBe(true);
    expect(log.info).not.toHaveBeenCalled();
  });

  it("answers a typing mistake in the form, keeping at most 254 characters of it, asking nothing of the limiter", async () => {
    const take = vi.fn(() => ({ ok: true as const }));
    const { deps, subscribers } = fakes({ take });
    expect(await handleNewsletter(form("bad@"), deps)).toEqual({
      status: 200,
      headers: { "Cache-Control": "no-store" },
      body: { ok: false, error: "Enter a valid email address, like name@example.com.", email: "bad@" },
    });
    const long = `${"a".repeat(300)}@example.com`;
    const reply = await handleNewsletter(form(long), deps);
    expect(reply.body).toEqual({
      ok: false,
      error: "That email address is too long.",
      email: long.slice(0, 254),
    });
    expect(take).not.toHaveBeenCalled();
    expect(subscribers.request).not.toHaveBeenCalled();
  });

  it("answers a client over the limit with how long to wait, in words and in whole seconds", async () => {
    const take = vi.fn(() => ({ ok: false as const, retryAfterMs: 60_500 }));
    const { deps, subscribers } = fakes({ take });
    expect(await handleNewsletter(form("Reader@example.com"), deps)).toEqual({
      status: 429,
      headers: { "Cache-Control": "no-store", "Retry-After": "61" },
      body: {
        ok: false,
        error: "Too many sign-ups from your connection. Please wait 2 minutes and try again.",
        email: "reader@example.com",
      },
    });
    expect(take).toHaveBeenCalledWith("198.51.100.7");
    expect(subscribers.request).not.toHaveBeenCalled();
  });

  it("rounds the wait up to whole minutes, and never asks for less than one", async () => {
    const waitFor = async (retryAfterMs: number) => {
      const { deps } = fakes({ take: () => ({ ok: false, retryAfterMs }) });
      const reply = await handleNewsletter(form("reader@example.com"), deps);
      return reply.body.ok ? "" : reply.body.error;
    };
    expect(await waitFor(60_000)).toBe(
      "Too many sign-ups from your connection. Please wait 1 minute and try again.",
    );
    expect(await waitFor(0)).toContain("wait 1 minute and");
    expect(await waitFor(9 * 60_000 + 1)).toContain("wait 10 minutes and");
  });

  it("says the sign-up could not be saved when the list fails, and logs why", async () => {
    const { deps, subscribers, log } = fakes();
    subscribers.request.mockRejectedValueOnce(new Error("disk full"));
    expect(await handleNewsletter(form("reader@example.com"), deps)).toEqual({
      status: 503,
      headers: { "Cache-Control": "no-store" },
      body: {
        ok: false,
        error: "We could not save your sign-up just now. Please try again.",
        email: "reader@example.com",
      },
    });
    expect(log.error).toHaveBeenCalledWith(
      { event: "newsletter.store_failed", err: "Error: disk full" },
      expect.any(String),
    );
  });
});

describe("confirmation links and tokens", () => {
  it("puts the token in the link, escaped", () => {
    expect(confirmLink("https://news.example", "a b&c")).toBe(
      "https://news.example/newsletter/confirm?token=a%20b%26c",
    );
  });

  it("takes 16 to 64 URL-safe characters as a token, nothing else", () => {
    const ok = "Aa0_-".repeat(4);
    expect(readConfirmToken(ok)).toBe(ok);
    expect(readConfirmToken("a".repeat(16))).toBe("a".repeat(16));
    expect(readConfirmToken("a".repeat(64))).toBe("a".repeat(64));
    for (const bad of [
      "a".repeat(15),
      "a".repeat(65),
      `${"a".repeat(16)}!`,
      `!${"a".repeat(16)}`,
      `${"a".repeat(16)}\n`,
      "",
      1234567890123456,
      null,
    ])
      expect(readConfirmToken(bad)).toBe("");
  });

  it("asks the list only about a well-formed token", async () => {
    const token = "a".repeat(20);
    const subscribers = {
      isPendingToken: vi.fn(async (t: string) => t === token),
      confirm: vi.fn(async (t: string) => t === token),
    } as unknown as NewsletterDeps["subscribers"];
    expect(await confirmableToken(subscribers, token)).toBe(token);
    expect(await confirmableToken(subscribers, "b".repeat(20))).toBe("");
    expect(await confirmNewsletter(subscribers, token)).toBe(true);
    expect(await confirmNewsletter(subscribers, "b".repeat(20))).toBe(false);
    expect(await confirmableToken(subscribers, "short")).toBe("");
    expect(await confirmNewsletter(subscribers, "short")).toBe(false);
    expect(subscribers.isPendingToken).toHaveBeenCalledTimes(2);
    expect(subscribers.confirm).toHaveBeenCalledTimes(2);
  });
});

describe("newsletterLimiter's settings", () => {
  it("counts under 'newsletter' per 10 minutes: in a store processes share, else in memory", async () => {
    const rateLimits = { take: vi.fn(async () => ({ ok: true as const })), prune: vi.fn(async () => 0) };
    await newsletterLimiter({ NEWSLETTER_RATE_LIMIT: 1 }, { rateLimits, shared: true }).take(
      "10.0.0.1",
      1000,
    );
    expect(rateLimits.take).toHaveBeenCalledWith("newsletter", "10.0.0.1", 1, 10 * 60_000, 1000);
    const memory = newsletterLimiter({ NEWSLETTER_RATE_LIMIT: 1 }, { rateLimits, shared: false });
    expect(await memory.take("10.0.0.1", 1000)).toEqual({ ok: true });
    expect(await memory.take("10.0.0.1", 2000)).toEqual({ ok: false, retryAfterMs: 10 * 60_000 - 1000 });
    expect(rateLimits.take).toHaveBeenCalledTimes(1);
  });
});
