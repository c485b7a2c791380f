/**
 * A PostgreSQL server that stops answering (frozen with SIGSTOP: connections stay open, nothing
 * comes back) fails the web process's store calls within a bound instead of holding them: a read
 * or a write on an open connection, a new connection, a wait for a free one. A contact send or a
 * sign-up is then refused with the 503 message and keeps what the writer typed. SQLite answers or
 * gives up after its busy timeout (request-writes.server.test.ts); it cannot be frozen apart from
 * the process. The cluster is the test's own, never the shared test server.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "#server/config.server.ts";
import { contactLimiter, handleContact, STORE_FAILED } from "#server/forms/contact.server.ts";
import { handleNewsletter, newsletterLimiter } from "#server/forms/newsletter.server.ts";
import { openStore } from "./open.server.ts";
import type { Store } from "./store.ts";
import { type PrivateCluster, postgresBinDir, startPrivateCluster } from "./testing/private-cluster.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const message = { name: "Ada Reader", email: "ada@example.com", subject: "Frozen", message: "Hello there." };

const contactForm = () => {
  const form = new FormData();
  for (const [k, v] of Object.entries(message)) form.set(k, v);
  return form;
};

describe.runIf(postgresBinDir())("the web process's store on a frozen PostgreSQL", () => {
  let cluster: PrivateCluster;
  let store: Store;
  const config = () =>
    parseConfig({ DATABASE_URL: cluster.url, CONTACT_RATE_LIMIT: "5", NEWSLETTER_RATE_LIMIT: "5" });

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    store = openStore({ dataDir: "", databaseUrl: cluster.url }, { forRequests: true }).store;
    await store.ready();
  });
  afterAll(async () => {
    cluster?.thaw();
    await store?.close();
    cluster?.dispose();
  });

  it("fails reads and writes (open connections, new ones, waits for one) instead of holding them", async () => {
    // An open connection in the pool, as a running server has.
    await store.messages.insert(message);
    cluster.freeze();
    try {
      const calls = [
        store.messages.insert(message),
        store.messages.count(),
        store.feeds.feeds(),
        store.subscribers.request("frozen@example.com"),
        ...Array.from({ length: 6 }, () => store.messages.list({ limit: 1 })),
      ];
      const results = await Promise.allSettled(calls);
      expect(results.map((r) => r.status)).toEqual(calls.map(() => "rejected"));
    } finally {
      cluster.thaw();
    }
    // The connections that stopped answering were dropped, not handed to the next request.
    expect(await store.messages.count()).toBe(1);
    await store.messages.insert(message);
    expect(await store.messages.count()).toBe(2);
  });

  it("refuses a contact send with the 503 message and keeps the form, then takes it once thawed", async () => {
    const deps = {
      messages: store.messages,
      limiter: contactLimiter(config(), { rateLimits: store.rateLimits, shared: true }),
      clientKey: "203.0.113.7",
    };
    const before = await store.messages.count();
    cluster.freeze();
    let reply: Awaited<ReturnType<typeof handleContact>>;
    try {
      reply = await handleContact(contactForm(), deps);
    } finally {
      cluster.thaw();
    }
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ ok: false, formError: STORE_FAILED, values: message });
    expect(await store.messages.count()).toBe(before);
    // Sent again once the database answers: stored.
    expect((await handleContact(contactForm(), deps)).status).toBe(200);
    expect(await store.messages.count()).toBe(before + 1);
  });

  it("refuses a newsletter sign-up with its 503 message and keeps the address", async () => {
    const form = new FormData();
    form.set("email", "reader@example.com");
    const deps = {
      subscribers: store.subscribers,
      limiter: newsletterLimiter(config(), { rateLimits: store.rateLimits, shared: true }),
      clientKey: "203.0.113.8",
      siteUrl: "http://localhost:3000",
    };
    cluster.freeze();
    let reply: Awaited<ReturnType<typeof handleNewsletter>>;
    try {
      reply = await handleNewsletter(form, deps);
    } finally {
      cluster.thaw();
    }
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({
      ok: false,
      error: "We could not save your sign-up just now. Please try again.",
      email: "reader@example.com",
    });
  });
});
