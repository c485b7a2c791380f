import { mkdtempSync, rmSync } from "node:fs";
import { type IncomingMessage, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { createApp } from "./app.ts";
import { parseConfig } from "./config.server.ts";
import { openStore } from "./store/open.server.ts";

// The whole app with its real routes (served through Vite, as `npm run dev` does): a stand-in for
// the framework cannot show what the routes themselves do with a method.
let vite: ViteDevServer;
let app: ReturnType<typeof createApp>;
let server: Server;
let base: string;
let dataDir: string;
/** The app's own logger (its module instance, as Vite loaded it for the app). */
let appLogger: typeof import("./logger.server.ts").logger;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "app-"));
  const root = path.resolve(import.meta.dirname, "..");
  vite = await createServer({
    root,
    // Vite's cache in the test's own directory: node_modules (and its .vite) may be shared.
    cacheDir: path.join(dataDir, "vite"),
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const config = parseConfig({
    DATA_DIR: dataDir,
    PAGE_CACHE_SECONDS: "0",
    SITE_URL: "http://127.0.0.1",
    SEARCH_RATE_LIMIT: "3",
  });
  const mod = (await vite.ssrLoadModule(path.join(root, "server/app.ts"))) as typeof import("./app.ts");
  app = mod.createApp({ config, vite, startFeeds: false });
  appLogger = (
    (await vite.ssrLoadModule(
      path.join(root, "server/logger.server.ts"),
    )) as typeof import("./logger.server.ts")
  ).logger;
  await app.locals.ready;
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 30_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await app?.locals.close();
  await vite?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const validForm = () =>
  new URLSearchParams({
    name: "Ada Reader",
    email: "ada@example.com",
    category: "news-tip",
    subject: "A tip",
    message: "A message long enough to be a valid contact message.",
  });

async function storedMessages(): Promise<number> {
  const store = openStore({ dataDir }).store;
  try {
    return await store.messages.count();
  } finally {
    await store.close();
  }
}

describe("methods on the real app", () => {
  it("refuses PUT, PATCH and DELETE on /contact with 405 and Allow, and stores nothing", async () => {
    for (const method of ["DELETE", "PUT", "PATCH"]) {
      const res = await fetch(`${base}/contact`, { method, body: validForm(), redirect: "manual" });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow"), method).toBe("GET, HEAD, POST");
      await res.arrayBuffer();
    }
    expect(await storedMessages()).toBe(0);
  }, 20_000);

  it("answers OPTIONS with the methods the site takes", async () => {
    const res = await fetch(`${base}/contact`, { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("gives Allow on the framework's own 405 (a POST to a page without a form)", async () => {
    for (const page of ["/about", "/rss.xml"]) {
      const res = await fetch(`${base}${page}`, { method: "POST", body: validForm(), redirect: "manual" });
      expect(res.status, page).toBe(405);
      expect(res.headers.get("allow"), page).toBe("GET, HEAD");
      await res.arrayBuffer();
    }
  }, 20_000);

  it("still stores a valid POST to /contact", async () => {
    const before = await storedMessages();
    const res = await fetch(`${base}/contact`, { method: "POST", body: validForm(), redirect: "manual" });
    expect(res.status).toBe(303);
    expect(await storedMessages()).toBe(before + 1);
  }, 20_000);

  it("refuses TRACE, PROPFIND and other methods no route takes with 405 and Allow, logging no error (13.15)", async () => {
    // pino-http's per-request loggers are children of the app's logger and find its methods on
    // it, so spying there sees their error lines too (the 500 once logged a stack).
    const errors = [vi.spyOn(appLogger, "error"), vi.spyOn(appLogger, "fatal"), vi.spyOn(console, "error")];
    try {
      // fetch cannot send TRACE (a forbidden method), so plain HTTP requests.
      for (const [method, target] of [
        ["TRACE", "/"],
        ["TRACE", "/contact"],
        ["PROPFIND", "/"],
        ["MKCOL", "/technology"],
      ] as const) {
        const res = await new Promise<IncomingMessage>((resolve, reject) =>
          request(`${base}${target}`, { method }, resolve).on("error", reject).end(),
        );
        res.resume();
        expect(res.statusCode, `${method} ${target}`).toBe(405);
        expect(res.headers.allow, `${method} ${target}`).toBe("GET, HEAD, POST");
      }
      for (const spy of errors) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of errors) spy.mockRestore();
    }
  });
});

describe("/api/contact on the real app (the contact form's script)", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/contact`, { method: "POST", body, headers, redirect: "manual" });

  it("stores a valid message and answers in JSON, kept by nobody", async () => {
    const before = await storedMessages();
    const res = await post(validForm());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({
      ok: true,
      title: "Message Sent",
      message: "Thank you for your message. We'll get back to you soon!",
    });
    expect(await storedMessages()).toBe(before + 1);
  }, 20_000);

  it("answers a form the schema refuses with 400, the errors and what was typed", async () => {
    const form = validForm();
    form.set("email", "ada@example");
    const res = await post(form);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({
      ok: false,
      values: { email: "ada@example", subject: "A tip" },
      errors: { email: "Enter a valid email address, like name@example.com." },
    });
  }, 20_000);

  it("refuses a message far larger than one with 413, and a post from another site", async () => {
    const big = validForm();
    big.set("message", "x".repeat(100 * 1024));
    const large = await post(big);
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ ok: false, formError: expect.stringContaining("too large") });

    const before = await storedMessages();
    const foreign = await post(validForm(), { origin: "https://elsewhere.example" });
    expect(foreign.status).toBe(400);
    await foreign.arrayBuffer();
    expect(await storedMessages()).toBe(before);
  }, 20_000);

  it("tells a GET to use POST", async () => {
    const res = await fetch(`${base}/api/contact`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    await res.arrayBuffer();
  });
});

describe("deep pages and the search limit on the real app", () => {
  it("answers a page past the deepest (MAX_PAGE) with the list's end, 404, never another page's", async () => {
    for (const page of [101, 9999]) {
      const section = await fetch(`${base}/technology?page=${page}`);
      expect(section.status, String(page)).toBe(404);
      expect(section.headers.get("cache-control"), String(page)).toBe("no-store");
      expect(await section.text()).toContain("Older headlines end at page 100.");
      const search = await fetch(`${base}/search?q=seeded&page=${page}`);
      expect(search.status, String(page)).toBe(404);
      expect(search.headers.get("cache-control"), String(page)).toBe("no-store");
      expect(await search.text()).toContain("Search results stop at page 100.");
    }
  });

  it("answers a page past the archive's end with 404 and no-store (nothing there for a cache to keep)", async () => {
    // The test's store is empty: page 2 of any section is past its end.
    const res = await fetch(`${base}/world?page=2`);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a client's searches past SEARCH_RATE_LIMIT with 429, Retry-After and a readable page; cached ones go on", async () => {
    for (const q of ["limit one", "limit two", "limit three"])
      expect((await fetch(`${base}/search?q=${encodeURIComponent(q)}`)).status, q).toBe(200);
    const refused = await fetch(`${base}/search?q=limit+four`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toContain("You have searched a lot in a short time. Please wait");
    // The same search as an earlier one (the same words) is answered from the cache.
    expect((await fetch(`${base}/search?q=Limit+one!`)).status).toBe(200);
  });
});

describe("one-click unsubscribe on the real app (RFC 8058)", () => {
  /** A confirmed address and the unsubscribe token its editions carry. */
  async function subscriber(email: string): Promise<string> {
    const store = openStore({ dataDir }).store;
    try {
      const { token } = await store.subscribers.request(email);
      await store.subscribers.confirm(token ?? "");
      await store.editions.create(`2026-01-0${email.length % 9}`, { subject: "s", html: "h", text: "t" });
      const claimed = await store.mail.claim("probe", 100, { leaseMs: 1, editions: true });
      return claimed.find((m) => m.recipient === email)?.subscriber?.unsubscribeToken ?? "";
    } finally {
      await store.close();
    }
  }
  const oneClick = (token: string, origin?: string) =>
    fetch(`${base}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(origin ? { Origin: origin } : {}) },
      body: "List-Unsubscribe=One-Click",
    });

  it("a provider's POST, with its own Origin or none, unsubscribes at once; the page then says so", async () => {
    const token = await subscriber("one@example.com");
    expect(token).toMatch(/^[\w-]{32}$/);
    const page = await fetch(`${base}/newsletter/unsubscribe?token=${token}`);
    expect(await page.text()).toContain("daily edition at this address?");
    const first = await oneClick(token, "https://mail.provider.example");
    expect([first.status, await first.text()]).toEqual([200, "Unsubscribed.\n"]);
    expect(first.headers.get("cache-control")).toBe("no-store");
    // Again (a retry, a second click): still unsubscribed.
    expect((await oneClick(token)).status).toBe(200);
    expect(await (await fetch(`${base}/newsletter/unsubscribe?token=${token}`)).text()).toContain(
      "This unsubscribe link is not on our list",
    );
    const store = openStore({ dataDir }).store;
    try {
      expect((await store.subscribers.list()).map((s) => s.email)).not.toContain("one@example.com");
    } finally {
      await store.close();
    }
    expect((await oneClick("not a token")).status).toBe(400);
  });

  it("opening the link changes nothing (a mail scanner fetches links)", async () => {
    const token = await subscriber("scanned@example.com");
    for (let i = 0; i < 2; i++)
      expect((await fetch(`${base}/newsletter/unsubscribe?token=${token}`)).status).toBe(200);
    expect(await (await fetch(`${base}/newsletter/unsubscribe?token=${token}`)).text()).toContain(
      "daily edition at this address?",
    );
  });
});
