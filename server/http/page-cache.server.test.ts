import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createPageCache,
  DEFAULT_PAGE_CACHE_ENTRIES,
  defaultPageCacheBytes,
  type PageCache,
  pageCacheKey,
} from "./page-cache.server.ts";

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
    // 3,000 distinct keys (pages 2 to 1,001 of three sections).
    // (Kept small: mutation testing runs this test once for each change to the cache.)
    const url = (i: number) => `${sections[i % 3]}?page=${Math.floor(i / 3) + 2}`;
    const byCount = createPageCache({ paths, params, maxEntries: 100 });
    const byBytes = createPageCache({ paths, params, maxBytes: 200_000 });
    const defaults = createPageCache({ paths, params });
    // Pages that barely compress (kept zipped): 10,000 hex digits, about 5.5 KB zipped.
    const page = randomBytes(5_000).toString("hex");
    for (let i = 0; i < 3_000; i++) {
      await drive(byCount, url(i), page);
      await drive(byBytes, url(i), page);
      await drive(defaults, url(i), page);
      expect(byCount.size()).toBeLessThanOrEqual(100);
      expect(byBytes.bytes()).toBeLessThanOrEqual(200_000);
      expect(defaults.size()).toBeLessThanOrEqual(DEFAULT_PAGE_CACHE_ENTRIES);
    }
    expect(byCount.size()).toBe(100);
    // Pages of ~5.5 KB zipped: about 35 fit in 200 KB.
    expect(byBytes.size()).toBeGreaterThan(25);
    expect(byBytes.size()).toBeLessThan(40);
    // The default budget: 64 MiB of compressed pages.
    expect(defaults.size()).toBeGreaterThan(100);
    expect(defaults.bytes()).toBeLessThanOrEqual(defaultPageCacheBytes());
    expect(defaultPageCacheBytes()).toBe(64 * 1024 * 1024);
    // 9,000 requests through the middleware: room for a loaded machine.
  }, 60_000);

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
    await drive(cache, "/", randomBytes(1000).toString("hex"));
    expect(cache.size()).toBe(0);
    expect(cache.bytes()).toBe(0);
  });
});

describe("page cache and changes", () => {
  it("keeps as stale a page whose render began before a change to its path: the next reader renders anew", async () => {
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
    // The failed page goes out whole, as written.
    expect(await failed.text()).toMatch(/^<html><script nonce="n1xyzNONCE">x<\/script>.*render 1/);
    status = 200;
    expect(await (await fetch(`${base}/`)).text()).toContain("render 2");
    expect(renders()).toBe(2);
  });
});

describe("pageCacheKey", () => {
  const key = (query: string, params: readonly string[] = ["page"]) =>
    pageCacheKey("/world", new URLSearchParams(query), params);

  it("keeps a page number the pages read as one (2 to 9999), and no other", () => {
    for (const page of ["2", "10", "9999"]) expect(key(`page=${page}`), page).toBe(`/world?page=${page}`);
    for (const page of ["1", "0", "02", "10000", "2x", "x2", "-2", "", " 2"]) {
      expect(key(`page=${encodeURIComponent(page)}`), page).toBe("/world");
    }
  });

  it("keeps the parameters the page reads, in the page's order, encoded, and no others", () => {
    expect(key("q=a b&c&utm_source=x&sort=new", ["sort", "q"])).toBe("/world?sort=new&q=a%20b");
    expect(key("q=a%26b%3Dc", ["q"])).toBe("/world?q=a%26b%3Dc");
    expect(key("q=&page=3", ["q", "page"])).toBe("/world?q=&page=3");
    expect(key("utm_source=x", [])).toBe("/world");
    expect(key("", ["q", "page"])).toBe("/world");
  });
});

/**
 * An app with the cache in front of pages the test renders itself (`render`), the clock the
 * test's; each request gets a nonce unless `nonce` is false.
 */
async function site(
  render: (req: Request, res: Response, nonce: string) => void | Promise<void>,
  options: {
    nonce?: boolean;
    ttlMs?: number;
    maxStaleMs?: number;
    maxEntries?: number;
    maxBytes?: number;
    now?: () => number;
    scope?: (req: Request) => string;
    onMisroute?: () => void;
  } = {},
) {
  const { nonce = true, ...cacheOptions } = options;
  const cache = createPageCache({
    paths: new Set(["/", "/world"]),
    params: { "/world": ["page"] },
    ...cacheOptions,
  });
  let renders = 0;
  let nonces = 0;
  const a = express();
  if (nonce) {
    a.use((_req, res, next) => {
      res.locals.cspNonce = `n${++nonces}xyzNONCE`;
      next();
    });
  }
  a.use(cache.middleware);
  a.all(["/", "/world"], async (req, res) => {
    renders++;
    await render(req, res, String(res.locals.cspNonce));
  });
  const server = a.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { cache, base, renders: () => renders };
}

/** A page like the real ones: HTML with this request's nonce, saying which render it was. */
const htmlPage =
  (extra: (res: Response) => void = () => {}) =>
  (_req: Request, res: Response, nonce: string) => {
    res.status(200).type("html").set("Cache-Control", PUBLIC);
    extra(res);
    res.send(`<html><script nonce="${nonce}"></script><p>${res.locals.render ?? ""}</p></html>`);
  };

/** The same page twice: whether the second came from the cache. */
async function keptAfterOne(base: string, path = "/", init?: RequestInit) {
  await fetch(`${base}${path}`, init);
  return (await fetch(`${base}${path}`)).headers.get("x-page-cache") === "hit";
}

describe("page cache: what it keeps", () => {
  it("keeps only successful HTML pages that carry a nonce, set no cookie and show no error", async () => {
    expect(await keptAfterOne((await site(htmlPage())).base)).toBe(true);
    const notKept: Array<[string, Parameters<typeof site>]> = [
      ["not found", [htmlPage((res) => res.status(404))]],
      ["redirect-like 201", [htmlPage((res) => res.status(201))]],
      ["JSON", [(_req, res) => void res.json({ a: 1 })]],
      ["a cookie", [htmlPage((res) => res.cookie("session", "x"))]],
      ["no nonce", [htmlPage(), { nonce: false }]],
    ];
    for (const [what, args] of notKept)
      expect(await keptAfterOne((await site(...args)).base), what).toBe(false);
    for (const marker of ['<h1 id="not-found-title">', '<h1 id="error-title">', "<div data-load-error>"]) {
      const { base } = await site((_req, res, nonce) => {
        res.type("html").send(`<html><script nonce="${nonce}"></script>${marker}</html>`);
      });
      expect(await keptAfterOne(base), marker).toBe(false);
    }
  });

  it("answers HEAD from a kept page, but keeps only what a GET rendered; other methods pass by", async () => {
    const { base, renders } = await site(htmlPage());
    const head = await fetch(`${base}/`, { method: "HEAD" });
    expect(head.headers.get("x-page-cache")).toBeNull();
    expect((await fetch(`${base}/`)).headers.get("x-page-cache")).toBeNull();
    expect(renders()).toBe(2);
    const headHit = await fetch(`${base}/`, { method: "HEAD" });
    expect(headHit.headers.get("x-page-cache")).toBe("hit");
    const post = await fetch(`${base}/`, { method: "POST" });
    expect(post.headers.get("x-page-cache")).toBeNull();
    expect(renders()).toBe(3);
  });

  it("replays the page's type, caching and Vary headers, and no others", async () => {
    const { base } = await site(
      htmlPage((res) => res.set({ Vary: "Accept-Encoding", "X-Other": "1", ETag: '"e"' })),
    );
    await fetch(`${base}/`);
    const hit = await fetch(`${base}/`);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(hit.headers.get("cache-control")).toBe(PUBLIC);
    expect(hit.headers.get("vary")).toBe("Accept-Encoding");
    expect(hit.headers.get("x-other")).toBeNull();
    const plain = await site(htmlPage());
    await fetch(`${plain.base}/`);
    const plainHit = await fetch(`${plain.base}/`);
    expect(plainHit.headers.get("x-page-cache")).toBe("hit");
    // A hit is sent gzipped or not, as the client asks.
    expect(plainHit.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("sends a hit gzipped as kept to a client that takes gzip, and plain to one that does not", async () => {
    const { base } = await site(htmlPage());
    await fetch(`${base}/`);
    const zipped = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.headers.get("x-page-cache")).toBe("hit");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    // fetch unzips it (and checks its CRC): the page with this response's nonce.
    expect(await zipped.text()).toBe('<html><script nonce="n2xyzNONCE"></script><p></p></html>');
    for (const encoding of ["identity", "br", "gzip;q=0, br"]) {
      const plain = await fetch(`${base}/`, { headers: { "accept-encoding": encoding } });
      expect(plain.headers.get("x-page-cache"), encoding).toBe("hit");
      expect(plain.headers.get("content-encoding"), encoding).toBeNull();
      expect(await plain.text(), encoding).toMatch(
        /^<html><script nonce="n\dxyzNONCE"><\/script><p><\/p><\/html>$/,
      );
    }
  });

  it("keeps the page as written, whether in strings, buffers or byte arrays", async () => {
    const { base } = await site((_req, res, nonce) => {
      res.status(200).type("html");
      res.write(`<html><script nonce="${nonce}"></script>`);
      res.write(Buffer.from("<p>caf\u00e9</p>"));
      res.write(new TextEncoder().encode("<p>na\u00efve</p>"));
      // Written in another encoding: "<p>über</p>" as hex.
      res.write(Buffer.from("<p>\u00fcber</p>").toString("hex"), "hex");
      res.end("</html>");
    });
    const first = await (await fetch(`${base}/`)).arrayBuffer();
    const hit = await fetch(`${base}/`);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    // The same bytes, the nonce aside.
    const text = (b: ArrayBuffer) =>
      Buffer.from(b)
        .toString("utf8")
        .replace(/n\dxyzNONCE/, "NONCE");
    expect(text(first)).toContain("<p>caf\u00e9</p><p>na\u00efve</p><p>\u00fcber</p></html>");
    expect(text(await hit.arrayBuffer())).toBe(text(first));
  });

  it("keeps nothing when it may keep no entries, and a page that exactly fills its byte budget", async () => {
    expect(await keptAfterOne((await site(htmlPage(), { maxEntries: 0 })).base)).toBe(false);
    // Find the page's weight in a roomy cache, then give a cache exactly that much.
    const roomy = await site(htmlPage());
    await fetch(`${roomy.base}/`);
    const weight = roomy.cache.bytes();
    expect(weight).toBeGreaterThan(0);
    const exact = await site(htmlPage(), { maxBytes: weight });
    expect(await keptAfterOne(exact.base)).toBe(true);
    expect(exact.cache.bytes()).toBe(weight);
    expect(await keptAfterOne((await site(htmlPage(), { maxBytes: weight - 1 })).base)).toBe(false);
  });

  it("weighs a page kept anew once, and keeps one page when it may keep one", async () => {
    const { cache, base } = await site(htmlPage());
    await fetch(`${base}/`);
    const one = cache.bytes();
    cache.invalidate(["/"]);
    await fetch(`${base}/`);
    expect(cache.size()).toBe(1);
    expect(cache.bytes()).toBe(one);
    expect(await keptAfterOne((await site(htmlPage(), { maxEntries: 1 })).base)).toBe(true);
  });

  it("counts what the kept pages weigh zipped, and gives it back as they go", async () => {
    // Text that barely compresses: 10,000 random hex digits zip to about 5,000 bytes.
    const text = randomBytes(5_000).toString("hex");
    const { cache, base } = await site((_req, res, nonce) => {
      res.type("html").send(`<html><script nonce="${nonce}"></script>${text}</html>`);
    });
    const zipped = gzipSync(text).length;
    const first = await fetch(`${base}/`);
    const one = cache.bytes();
    expect(one).toBeGreaterThanOrEqual(zipped);
    expect(one).toBeLessThan(zipped + 400);
    // What goes out is the page itself, not its zipped copy.
    expect(await first.text()).toContain(text);
    const hit = await fetch(`${base}/`);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(await hit.text()).toContain(text);
    await fetch(`${base}/world?page=2`);
    expect(cache.size()).toBe(2);
    expect(cache.bytes()).toBeGreaterThan(one + zipped - 100);
    cache.clear();
    expect(cache.size()).toBe(0);
    expect(cache.bytes()).toBe(0);
  });
});

describe("page cache: time", () => {
  it("serves a copy until the moment it expires, then renders anew", async () => {
    let t = 0;
    const { base, renders } = await site(htmlPage(), { ttlMs: 1000, now: () => t });
    await fetch(`${base}/`);
    t = 999;
    expect((await fetch(`${base}/`)).headers.get("x-page-cache")).toBe("hit");
    t = 1000;
    expect((await fetch(`${base}/`)).headers.get("x-page-cache")).toBeNull();
    expect(renders()).toBe(2);
  });

  it("serves an expired copy as stale while its successor renders", async () => {
    let t = 0;
    let open: () => void = () => {};
    let gated = false;
    const { base, renders } = await site(
      async (req, res, nonce) => {
        if (gated) await new Promise<void>((r) => (open = r));
        htmlPage()(req, res, nonce);
      },
      { ttlMs: 1000, now: () => t },
    );
    await fetch(`${base}/`);
    t = 1500;
    gated = true;
    const rendering = fetch(`${base}/`);
    while (renders() < 2) await new Promise((r) => setTimeout(r, 5));
    const meanwhile = await fetch(`${base}/`);
    expect(meanwhile.headers.get("x-page-cache")).toBe("stale");
    expect(meanwhile.headers.get("cache-control")).toBe("no-store");
    open();
    await (await rendering).text();
    expect((await fetch(`${base}/`)).headers.get("x-page-cache")).toBe("hit");
  });

  it("keeps an expired copy for stale-if-error until maxStaleMs after it expired, not a moment longer", async () => {
    let t = 0;
    let status = 200;
    const { base } = await site(
      htmlPage((res) => res.status(status)),
      { ttlMs: 1000, maxStaleMs: 5000, now: () => t },
    );
    await fetch(`${base}/`);
    status = 503;
    t = 5999;
    expect((await fetch(`${base}/`)).headers.get("x-page-cache")).toBe("stale-if-error");
    t = 6000;
    const gone = await fetch(`${base}/`);
    expect(gone.status).toBe(503);
    expect(gone.headers.get("x-page-cache")).toBeNull();
  });
});

describe("page cache: changes while a page renders", () => {
  for (const change of ["clear", "invalidateAll"] as const) {
    it(`does not keep a page whose render began before ${change}()`, async () => {
      let open: () => void = () => {};
      let gated = true;
      const { cache, base, renders } = await site(async (req, res, nonce) => {
        if (gated) await new Promise<void>((r) => (open = r));
        htmlPage()(req, res, nonce);
      });
      const rendering = fetch(`${base}/world`);
      while (renders() < 1) await new Promise((r) => setTimeout(r, 5));
      cache[change]();
      gated = false;
      open();
      await (await rendering).text();
      expect((await fetch(`${base}/world`)).headers.get("x-page-cache")).toBeNull();
      expect((await fetch(`${base}/world`)).headers.get("x-page-cache")).toBe("hit");
    });
  }

  it("invalidate() leaves the other paths' renders alone", async () => {
    let open: () => void = () => {};
    let gated = true;
    const { cache, base, renders } = await site(async (req, res, nonce) => {
      if (gated) await new Promise<void>((r) => (open = r));
      htmlPage()(req, res, nonce);
    });
    const rendering = fetch(`${base}/world`);
    while (renders() < 1) await new Promise((r) => setTimeout(r, 5));
    cache.invalidate(["/"]);
    gated = false;
    open();
    await (await rendering).text();
    expect((await fetch(`${base}/world`)).headers.get("x-page-cache")).toBe("hit");
  });

  it("while the first render of a page is under way, another reader's render is not kept", async () => {
    const opens: Array<() => void> = [];
    let gated = true;
    const { base, renders } = await site(async (req, res, nonce) => {
      res.locals.render = renders();
      if (gated) await new Promise<void>((r) => opens.push(r));
      htmlPage()(req, res, nonce);
    });
    const first = fetch(`${base}/`);
    while (renders() < 1) await new Promise((r) => setTimeout(r, 5));
    const second = fetch(`${base}/`);
    while (renders() < 2) await new Promise((r) => setTimeout(r, 5));
    gated = false;
    // The second finishes first: its page is not the one kept, and the first is still rendering.
    opens[1]?.();
    expect(await (await second).text()).toContain("<p>2</p>");
    const third = await fetch(`${base}/`);
    expect(third.headers.get("x-page-cache")).toBeNull();
    expect(await third.text()).toContain("<p>3</p>");
    opens[0]?.();
    expect(await (await first).text()).toContain("<p>1</p>");
    const kept = await fetch(`${base}/`);
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    expect(await kept.text()).toContain("<p>1</p>");
  });

  it("while another page renders, a stale page is served as it is and rendered anew in the background", async () => {
    const opens: Array<() => void> = [];
    const { cache, base, renders } = await site(async (req, res, nonce) => {
      res.locals.render = renders();
      if (req.query.hold) await new Promise<void>((r) => opens.push(r));
      htmlPage()(req, res, nonce);
    });
    await fetch(`${base}/`);
    cache.invalidate(["/"]);
    // Another page is rendering (held until the end of the test).
    const held = fetch(`${base}/world?page=2&hold=1`);
    while (opens.length < 1) await new Promise((r) => setTimeout(r, 5));
    const busy = await fetch(`${base}/`);
    expect(busy.headers.get("x-page-cache")).toBe("stale");
    expect(busy.headers.get("cache-control")).toBe("no-store");
    expect(await busy.text()).toContain("<p>1</p>");
    // The cache's own request renders its successor meanwhile: the next reader gets that.
    await vi.waitFor(async () => {
      const next = await fetch(`${base}/`);
      expect(next.headers.get("x-page-cache")).toBe("hit");
      expect(await next.text()).toContain("<p>3</p>");
    });
    expect(renders()).toBe(3);
    for (const open of opens) open();
    await (await held).text();
  });

  it("drops only the given publications' pages, and keeps no render that such a drop overtook", async () => {
    let open: () => void = () => {};
    const { cache, base, renders } = await site(
      async (req, res, nonce) => {
        res.locals.render = renders();
        if (req.query.hold) await new Promise<void>((r) => (open = r));
        htmlPage()(req, res, nonce);
      },
      { scope: (req) => String(req.headers["x-publication"] ?? "") },
    );
    const as = (publication: string) => ({ headers: { "x-publication": publication } });
    await fetch(`${base}/`, as("harbour"));
    await fetch(`${base}/`, as("valley"));
    const holding = fetch(`${base}/world?hold=1`, as("harbour"));
    while (renders() < 3) await new Promise((r) => setTimeout(r, 5));
    cache.dropScopes(new Set(["harbour"]));
    open();
    await (await holding).text();
    // Only the valley's home is kept: the harbour's /world began before the drop.
    expect(cache.size()).toBe(1);
    expect((await fetch(`${base}/`, as("valley"))).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${base}/`, as("harbour"))).headers.get("x-page-cache")).toBeNull();
    // The render that began before the drop was not kept: the next one renders.
    expect((await fetch(`${base}/world`, as("harbour"))).headers.get("x-page-cache")).toBeNull();
    expect((await fetch(`${base}/world`, as("harbour"))).headers.get("x-page-cache")).toBe("hit");
  });

  it("stops rendering in the background when its own request reaches another page, and says so once", async () => {
    const opens: Array<() => void> = [];
    let misroutes = 0;
    // The publication comes from a header the cache's own request does not carry.
    const { cache, base, renders } = await site(
      async (req, res, nonce) => {
        res.locals.render = renders();
        if (req.query.hold) await new Promise<void>((r) => opens.push(r));
        htmlPage()(req, res, nonce);
      },
      { scope: (req) => String(req.headers["x-publication"] ?? ""), onMisroute: () => misroutes++ },
    );
    const harbour = { headers: { "x-publication": "harbour" } };
    await fetch(`${base}/`, harbour);
    cache.invalidate(["/"]);
    const held = fetch(`${base}/world?hold=1`, harbour);
    while (opens.length < 1) await new Promise((r) => setTimeout(r, 5));
    expect((await fetch(`${base}/`, harbour)).headers.get("x-page-cache")).toBe("stale");
    await vi.waitFor(() => expect(misroutes).toBe(1));
    // From now on the reader of a stale page gets it rendered, busy or not.
    const rendered = await fetch(`${base}/`, harbour);
    expect(rendered.headers.get("x-page-cache")).toBeNull();
    expect(misroutes).toBe(1);
    for (const open of opens) open();
    await (await held).text();
  });

  it("renders a stale page for its reader when nothing else renders, and takes no outsider for its own request", async () => {
    const { cache, base, renders } = await site(htmlPage());
    await fetch(`${base}/`);
    // A reader who sends the header without the process's secret is a reader like any other.
    const guessed = await fetch(`${base}/`, { headers: { "x-page-cache-revalidate": "guess" } });
    expect(guessed.headers.get("x-page-cache")).toBe("hit");
    expect(cache.ownRequest({ "x-page-cache-revalidate": "guess" })).toBe(false);
    cache.invalidate(["/"]);
    const quiet = await fetch(`${base}/`);
    expect(quiet.headers.get("x-page-cache")).toBeNull();
    expect(renders()).toBe(2);
  });
});

describe("page cache: stale-if-error details", () => {
  it("gives way to the copy only for a server error, not for a page that says not found", async () => {
    let status = 200;
    const { cache, base } = await site(htmlPage((res) => res.status(status)));
    await fetch(`${base}/`);
    cache.invalidate(["/"]);
    status = 404;
    const missing = await fetch(`${base}/`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBeNull();
    status = 500;
    const failed = await fetch(`${base}/`);
    expect(failed.status).toBe(200);
    expect(failed.headers.get("x-page-cache")).toBe("stale-if-error");
  });

  it("sends none of the failed render's own headers with the copy, and no body to HEAD", async () => {
    let fail = false;
    const { cache, base } = await site(async (_req, res, nonce) => {
      if (fail) {
        res.status(503).set({ "Retry-After": "30", ETag: '"failed"', "Content-Type": "text/plain" });
        res.write("Service ");
        return void res.end("unavailable");
      }
      res.status(200).type("html").set({ "Cache-Control": PUBLIC, Vary: "Cookie" });
      res.send(`<html><script nonce="${nonce}"></script>good</html>`);
    });
    await fetch(`${base}/`);
    cache.invalidate(["/"]);
    fail = true;
    const failed = await fetch(`${base}/`);
    expect(failed.headers.get("x-page-cache")).toBe("stale-if-error");
    expect(failed.headers.get("retry-after")).toBeNull();
    expect(failed.headers.get("etag")).toBeNull();
    expect(failed.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(failed.headers.get("vary")).toBe("Cookie");
    expect(failed.headers.get("cache-control")).toBe("no-store");
    const body = await failed.text();
    expect(body).toContain("good");
    expect(body).not.toContain("unavailable");
    expect(body).not.toContain("Service");
    const head = await fetch(`${base}/`, { method: "HEAD" });
    expect(head.headers.get("x-page-cache")).toBe("stale-if-error");
    expect(await head.text()).toBe("");
  });
});
