import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  checkInboxMessage,
  confirmableToken,
  confirmNewsletter,
  handleNewsletter,
  NEWSLETTER_WINDOW_MS,
  type NewsletterDeps,
  newsletterLimiter,
} from "./newsletter.server.ts";
import { createRateLimiter, createStoreRateLimiter, type RateLimiter } from "./rate-limit.server.ts";
import { openStore } from "./store/open.server.ts";
import { openTestStore, storeKinds, type TestStore } from "./store/testing/stores.ts";

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
      siteUrl: "https://news.example",
      log: { info: (obj: object) => logged.push(obj as Record<string, unknown>), error: () => {} },
    };
  });
  afterEach(() => t.dispose());

  /** The token in the confirmation link last logged. */
  const loggedToken = () =>
    new URL(String(logged.at(-1)?.confirm ?? "https://x.invalid/")).searchParams.get("token") ?? "";

  it("answers a new, a pending and a subscribed address the same way, never cached", async () => {
    const fresh = await handleNewsletter(form("New@Example.com"), deps);
    const again = await handleNewsletter(form("new@example.com"), deps);
    expect(await confirmNewsletter(t.store.subscribers, loggedToken())).toBe(true);
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

  it("stores a new address as pending and logs its confirmation link", async () => {
    await handleNewsletter(form("reader@example.com"), deps);
    const [row] = await t.store.subscribers.list();
    expect(row).toMatchObject({ email: "reader@example.com", status: "pending" });
    expect(logged).toEqual([
      {
        event: "newsletter.pending",
        confirm: `https://news.example/newsletter/confirm?token=${row?.token}`,
      },
    ]);
  });

  it("double opt-in: the logged link confirms the address once, and only a pending address's link is offered", async () => {
    await handleNewsletter(form("reader@example.com"), deps);
    const token = loggedToken();
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
    const other = openStore(t.location);
    try {
      const config = { NEWSLETTER_RATE_LIMIT: 2, DATABASE_URL: t.location.databaseUrl };
      const deps = (store: typeof other): NewsletterDeps => ({
        subscribers: store.subscribers,
        limiter: newsletterLimiter(config, store),
        clientKey: "203.0.113.9",
        siteUrl: "https://news.example",
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
