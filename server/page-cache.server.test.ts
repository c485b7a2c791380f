import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Request, Response } from "express";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, defaultPageCacheBytes, type PageCache } from "./page-cache.server.ts";

const servers: Server[] = [];
const PUBLIC = "public, max-age=60, stale-while-revalidate=300";
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** An app whose "page" embeds the request's nonce and a render counter, like the real pages. */
async function app(
  options: {
    ttlMs?: number;
    maxEntries?: number;
    now?: () => number;
    body?: () => string;
    status?: number | (() => number);
    /** Holds each render until released (to see what readers get meanwhile). */
    gate?: () => Promise<void>;
  } = {},
) {
  const cache = createPageCache({
    paths: new Set(["/", "/world"]),
    params: { "/world": ["page"] },
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries,
    now: options.now,
  });
  let renders = 0;
  let nonces = 0;
  const a = express();
  a.use((_req, res, next) => {
    res.locals.cspNonce = `n${++nonces}xyzNONCE`;
    next();
  });
  a.use(cache.middleware);
  a.get(["/", "/world", "/about"], async (req, res) => {
    renders++;
    const n = res.locals.cspNonce;
    await options.gate?.();
    const page = typeof req.query.page === "string" ? ` page ${req.query.page}` : "";
    res
      .status(typeof options.status === "function" ? options.status() : (options.status ?? 200))
      .type("html")
      .set("Cache-Control", PUBLIC);
    // Written in pieces, as the streaming renderer does.
    res.write(`<html><script nonce="${n}">x</script>`);
    res.end(`${options.body?.() ?? ""}<p>render ${renders}${page}</p><script nonce="${n}">y</script></html>`);
  });
  const server = a.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { cache, base, renders: () => renders };
}

describe("page cache", () => {
  it("renders once, then serves the copy with each request's own nonce", async () => {
    const { base, renders } = await app();
    const first = await (await fetch(`${base}/`)).text();
    const second = await fetch(`${base}/`);
    const body = await second.text();
    expect(renders()).toBe(1);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(first).toContain('nonce="n1xyzNONCE"');
    expect(body).toContain('nonce="n2xyzNONCE"');
    expect(body).not.toContain("n1xyzNONCE");
    expect(body).toContain("render 1");
  });

  it("renders again after the store changes, or when the copy expires", async () => {
    let t = 0;
    const { cache, base, renders } = await app({ ttlMs: 1000, now: () => t });
    await fetch(`${base}/world`);
    cache.clear();
    expect(await (await fetch(`${base}/world`)).text()).toContain("render 2");
    t = 2000;
    expect(await (await fetch(`${base}/world`)).text()).toContain("render 3");
    expect(renders()).toBe(3);
  });

  it("keeps only its own paths and never an error page", async () => {
    const { base, renders } = await app({ body: () => '<div role="alert" data-load-error>' });
    await fetch(`${base}/`);
    await fetch(`${base}/`);
    expect(renders()).toBe(2);
    const other = await app();
    await fetch(`${other.base}/about`);
    await fetch(`${other.base}/about`);
    expect(other.renders()).toBe(2);
  });

  it("keys on the path and the parameters the page reads, ignoring the rest", async () => {
    const { base, renders } = await app();
    await fetch(`${base}/world`);
    const tracked = await fetch(`${base}/world?utm_source=x&fbclid=y`);
    expect(tracked.headers.get("x-page-cache")).toBe("hit");
    expect(await (await fetch(`${base}/world?page=1`)).text()).toContain("render 1");
    expect(await (await fetch(`${base}/world?page=2&utm_source=x`)).text()).toContain("render 2 page 2");
    expect(await (await fetch(`${base}/world?utm_medium=z&page=2`)).text()).toContain("render 2 page 2");
    expect(await (await fetch(`${base}/?page=2`)).text()).toContain("render 3");
    expect((await fetch(`${base}/?page=3`)).headers.get("x-page-cache")).toBe("hit");
    expect(renders()).toBe(3);
  });

  it("drops only the changed paths, and serves the stale page while one request renders anew", async () => {
    let open: () => void = () => {};
    let gated = false;
    const gate = () => (gated ? new Promise<void>((r) => (open = r)) : Promise.resolve());
    const { cache, base, renders } = await app({ gate });
    await fetch(`${base}/`);
    await fetch(`${base}/world`);
    cache.invalidate(["/world"]);
    expect((await fetch(`${base}/`)).headers.get("x-page-cache")).toBe("hit");
    gated = true;
    const rendering = fetch(`${base}/world`);
    while (renders() < 3) await new Promise((r) => setTimeout(r, 5));
    // The new page is being rendered: other readers get the previous one at once.
    const meanwhile = await fetch(`${base}/world`);
    expect(meanwhile.headers.get("x-page-cache")).toBe("stale");
    // Stale: for this reader only, never for a shared cache to keep.
    expect(meanwhile.headers.get("cache-control")).toBe("no-store");
    expect(await meanwhile.text()).toContain("render 2");
    gated = false;
    open();
    expect(await (await rendering).text()).toContain("render 3");
    const after = await fetch(`${base}/world`);
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(after.headers.get("cache-control")).toBe(PUBLIC);
    expect(await after.text()).toContain("render 3");
    expect(renders()).toBe(3);
  });

  it("does not keep a failed response", async () => {
    const { base, renders } = await app({ status: 500 });
    await fetch(`${base}/`);
    await fetch(`${base}/`);
    expect(renders()).toBe(2);
  });
});

/**
 * Sends one GET for `url` straight through the middleware, the page rendered like a real one (a
 * nonce, written in two pieces): thousands of requests without sockets.
 */
function drive(cache: PageCache, url: string, body: string): Promise<void> {
  const [path, query = ""] = url.split("?");
  const req = { method: "GET", path, originalUrl: url } as unknown as Request;
  const headers = new Map<string, unknown>();
  const res = Object.assign(new EventEmitter(), {
    locals: { cspNonce: "n0nce" },
    statusCode: 200,
    headersSent: false,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    setHeader: (k: string, v: unknown) => headers.set(k.toLowerCase(), v),
    getHeader: (k: string) => headers.get(k.toLowerCase()),
    removeHeader: (k: string) => headers.delete(k.toLowerCase()),
    write: (_chunk: unknown) => true,
    end: (_chunk?: unknown) => res,
    send: () => res,
  });
  return new Promise((resolve) => {
    cache.middleware(req, res as unknown as Response, () => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.write(`<html><script nonce="n0nce"></script>${query}`);
      res.end(body);
      res.emit("close");
      resolve();
    });
    // A hit answers without calling next().
    resolve();
  });
}

describe("page cache bounds", () => {
  it("holds at most its entries and bytes however many distinct pages are asked for", async () => {
    const sections = ["/world", "/local", "/technology"];
    const paths = new Set(sections);
    const params = Object.fromEntries(sections.map((s) => [s, ["page"]]));
    // 20,000 distinct keys: pages 2 to 6,668 of three sections.
    const url = (i: number) => `${sections[i % 3]}?page=${Math.floor(i / 3) + 2}`;
    const byCount = createPageCache({ paths, params, maxEntries: 100 });
    const byBytes = createPageCache({ paths, params, maxBytes: 200_000 });
    const defaults = createPageCache({ paths, params });
    const page = "x".repeat(5_000);
    for (let i = 0; i < 20_000; i++) {
      await drive(byCount, url(i), page);
      await drive(byBytes, url(i), page);
      await drive(defaults, url(i), page);
      expect(byCount.size()).toBeLessThanOrEqual(100);
      expect(byBytes.bytes()).toBeLessThanOrEqual(200_000);
      expect(defaults.size()).toBeLessThanOrEqual(1000);
    }
    expect(byCount.size()).toBe(100);
    // Pages of ~10 KB on the heap: about 19 fit in 200 KB.
    expect(byBytes.size()).toBeGreaterThan(10);
    expect(byBytes.size()).toBeLessThan(20);
    // The default budget is a share of the heap, never all of it.
    expect(defaults.size()).toBeGreaterThan(100);
    expect(defaults.bytes()).toBeLessThanOrEqual(defaultPageCacheBytes());
    expect(defaultPageCacheBytes()).toBeLessThanOrEqual(64 * 1024 * 1024);
    // 60,000 requests through the middleware: room for a loaded machine.
  }, 120_000);

  it("lets the least recently used page go first", async () => {
    const { base, renders } = await app({ maxEntries: 2 });
    await fetch(`${base}/world?page=2`);
    await fetch(`${base}/world?page=3`);
    // Page 2 used again: page 3 is now the least recent, and goes when page 4 comes in.
    expect((await fetch(`${base}/world?page=2`)).headers.get("x-page-cache")).toBe("hit");
    await fetch(`${base}/world?page=4`);
    expect((await fetch(`${base}/world?page=2`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${base}/world?page=3`)).headers.get("x-page-cache")).toBeNull();
    expect(renders()).toBe(4);
  });

  it("keeps nothing bigger than its whole budget", async () => {
    const cache = createPageCache({ paths: new Set(["/"]), maxBytes: 1000 });
    await drive(cache, "/", "y".repeat(1000));
    expect(cache.size()).toBe(0);
    expect(cache.bytes()).toBe(0);
  });
});

describe("page cache and changes", () => {
  it("does not keep a page whose render began before a change to its path", async () => {
    let open: () => void = () => {};
    let gated = true;
    const gate = () => (gated ? new Promise<void>((r) => (open = r)) : Promise.resolve());
    const { cache, base, renders } = await app({ gate });
    const rendering = fetch(`${base}/world`);
    while (renders() < 1) await new Promise((r) => setTimeout(r, 5));
    // The store changed while the page was being rendered from what it held before.
    cache.invalidate(["/world"]);
    gated = false;
    open();
    expect(await (await rendering).text()).toContain("render 1");
    const next = await fetch(`${base}/world`);
    expect(next.headers.get("x-page-cache")).toBeNull();
    expect(await next.text()).toContain("render 2");
    expect((await fetch(`${base}/world`)).headers.get("x-page-cache")).toBe("hit");
  });
});

describe("page cache during failures (stale-if-error)", () => {
  it("serves the last good copy when its successor fails, and keeps no failure", async () => {
    let status = 200;
    const { cache, base, renders } = await app({ status: () => status });
    await fetch(`${base}/world`);
    cache.invalidate(["/world"]);
    status = 503;
    const failed = await fetch(`${base}/world`);
    expect(failed.status).toBe(200);
    expect(failed.headers.get("x-page-cache")).toBe("stale-if-error");
    expect(failed.headers.get("cache-control")).toBe("no-store");
    const body = await failed.text();
    expect(body).toContain("render 1");
    expect(body).toContain('nonce="n2xyzNONCE"');
    // Still stale: each request tries a fresh render, and the first that works replaces the copy.
    expect((await fetch(`${base}/world`)).headers.get("x-page-cache")).toBe("stale-if-error");
    status = 200;
    const back = await fetch(`${base}/world`);
    expect(back.headers.get("x-page-cache")).toBeNull();
    expect(await back.text()).toContain("render 4");
    expect((await fetch(`${base}/world`)).headers.get("x-page-cache")).toBe("hit");
    expect(renders()).toBe(4);
  });

  it("keeps every copy for that when all pages are marked stale at once", async () => {
    let status = 200;
    const { cache, base } = await app({ status: () => status });
    await fetch(`${base}/`);
    await fetch(`${base}/world`);
    cache.invalidateAll();
    status = 503;
    for (const path of ["/", "/world"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).toBe("stale-if-error");
    }
    status = 200;
    expect((await fetch(`${base}/`)).headers.get("x-page-cache")).toBeNull();
  });

  it("passes a failure through when there is no copy, and does not keep it", async () => {
    let status = 503;
    const { base, renders } = await app({ status: () => status });
    const failed = await fetch(`${base}/`);
    expect(failed.status).toBe(503);
    expect(failed.headers.get("x-page-cache")).toBeNull();
    status = 200;
    expect(await (await fetch(`${base}/`)).text()).toContain("render 2");
    expect(renders()).toBe(2);
  });
});
