import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache.server.ts";

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** An app whose "page" embeds the request's nonce and a render counter, like the real pages. */
async function app(
  options: {
    ttlMs?: number;
    now?: () => number;
    body?: () => string;
    status?: number;
    /** Holds each render until released (to see what readers get meanwhile). */
    gate?: () => Promise<void>;
  } = {},
) {
  const cache = createPageCache({
    paths: new Set(["/", "/world"]),
    params: { "/world": ["page"] },
    ttlMs: options.ttlMs,
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
    res.status(options.status ?? 200).type("html");
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
    expect(await meanwhile.text()).toContain("render 2");
    gated = false;
    open();
    expect(await (await rendering).text()).toContain("render 3");
    const after = await fetch(`${base}/world`);
    expect(after.headers.get("x-page-cache")).toBe("hit");
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
