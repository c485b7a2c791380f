import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  checkInboxMessage,
  handleNewsletter,
  NEWSLETTER_WINDOW_MS,
  type NewsletterDeps,
  newsletterLimiter,
} from "./newsletter.server.ts";
import { createRateLimiter } from "./rate-limit.server.ts";
import { openDatabase } from "./store/db.server.ts";
import { openStore } from "./store/open.server.ts";
import { createStore } from "./store/store.server.ts";
import { listSubscribers } from "./store/subscribers.server.ts";
import { openTestStore, storeKinds } from "./store/testing/stores.ts";

const postgres = (await storeKinds()).includes("postgres");

const form = (email: string) => {
  const f = new FormData();
  f.set("intent", "newsletter");
  f.set("email", email);
  return f;
};

describe("handleNewsletter", () => {
  let dir: string;
  let db: DatabaseSync;
  let logged: Array<Record<string, unknown>>;
  let deps: NewsletterDeps;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "newsletter-"));
    db = openDatabase(dir);
    logged = [];
    deps = {
      subscribers: createStore(db).subscribers,
      limiter: createRateLimiter({ limit: 0, windowMs: 60_000 }),
      clientKey: "203.0.113.9",
      siteUrl: "https://news.example",
      log: { info: (obj: object) => logged.push(obj as Record<string, unknown>), error: () => {} },
    };
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a new, a pending and a subscribed address the same way, never cached", async () => {
    const fresh = await handleNewsletter(form("New@Example.com"), deps);
    const again = await handleNewsletter(form("new@example.com"), deps);
    db.exec("UPDATE newsletter_subscribers SET confirmed_at = created_at, token = NULL");
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
    const [row] = listSubscribers(db);
    expect(row).toMatchObject({ email: "reader@example.com", status: "pending" });
    expect(logged).toEqual([
      {
        event: "newsletter.pending",
        confirm: `https://news.example/newsletter/confirm?token=${row?.token}`,
      },
    ]);
  });

  it("throttles one client with 429 and Retry-After; other clients still get through", async () => {
    deps.limiter = createRateLimiter({ limit: 3, windowMs: 10 * 60_000 });
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => handleNewsletter(form(`p${i}@example.com`), deps)),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    const refused = replies[3];
    expect(refused?.headers["Cache-Control"]).toBe("no-store");
    expect(Number(refused?.headers["Retry-After"])).toBeGreaterThan(0);
    expect(refused?.body).toMatchObject({ ok: false, email: "p3@example.com" });
    // Refused sign-ups store nothing.
    expect(listSubscribers(db)).toHaveLength(3);
    expect(
      (await handleNewsletter(form("q@example.com"), { ...deps, clientKey: "203.0.113.10" })).status,
    ).toBe(200);
  });

  it("refuses an invalid address in the form and keeps what was typed", async () => {
    expect(await handleNewsletter(form("bad@"), deps)).toMatchObject({
      status: 200,
      body: { ok: false, email: "bad@" },
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
