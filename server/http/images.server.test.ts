import { createServer, get as httpGet, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "#server/logger.server.ts";
import type { Store } from "#server/store/store.ts";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";
import { createImageProxy, imageSrc, RELAY_HEADER, refuseRelayedRequests } from "./images.server.ts";

describe("imageSrc", () => {
  it("serves our own images directly and others through /img", () => {
    expect(imageSrc("http://localhost:3000/images/samples/bus.svg", "http://localhost:3000")).toBe(
      "/images/samples/bus.svg",
    );
    expect(imageSrc("https://cdn.example/a.jpg?x=1&y=2", "http://localhost:3000")).toBe(
      "/img?u=https%3A%2F%2Fcdn.example%2Fa.jpg%3Fx%3D1%26y%3D2",
    );
    expect(imageSrc(undefined, "http://localhost:3000")).toBeUndefined();
  });

  it("drops any other address on our own origin: an API, a query, a page", () => {
    for (const u of [
      "http://localhost:3000/api/stream?port=8076",
      "http://localhost:3000/img?u=https%3A%2F%2Fcdn.example%2Fa.jpg",
      "http://localhost:3000/images/samples/bus.svg?x=1",
      "http://localhost:3000/rss.xml",
      "http://localhost:3000/images/../api/stream",
      "javascript:alert(1)",
    ]) {
      expect(imageSrc(u, "http://localhost:3000"), u).toBeUndefined();
    }
  });

  it("treats our host as ours whatever the scheme or port: never relayed, only our static images kept", () => {
    const site = "https://news.example";
    for (const u of [
      "http://news.example/api/stream?port=8076",
      "https://news.example:8443/api/stream?port=8076",
      "http://NEWS.example.:8080/rss.xml",
      "https://news.example:8443/images/../api/stream",
    ]) {
      expect(imageSrc(u, site), u).toBeUndefined();
    }
    expect(imageSrc("http://news.example:8080/images/samples/bus.svg", site)).toBe("/images/samples/bus.svg");
    // Another host on the same domain is a publisher like any other.
    expect(imageSrc("https://cdn.news.example/a.jpg", site)).toBe(
      "/img?u=https%3A%2F%2Fcdn.news.example%2Fa.jpg",
    );
  });

  it("with local fixture publishers (loopback allowed), tells them from us by port", () => {
    const site = "http://127.0.0.1:4317";
    expect(imageSrc("http://127.0.0.1:4319/a.png", site, { allowPrivate: true })).toBe(
      "/img?u=http%3A%2F%2F127.0.0.1%3A4319%2Fa.png",
    );
    expect(
      imageSrc("http://127.0.0.1:4317/api/stream?port=8076", site, { allowPrivate: true }),
    ).toBeUndefined();
    expect(imageSrc("http://127.0.0.1:4319/a.png", site)).toBeUndefined();
  });

  it("with local fixtures, reads a missing port as the scheme's own", () => {
    const local = { allowPrivate: true };
    // https://127.0.0.1 is port 443: the same port named on http is still us.
    expect(imageSrc("http://127.0.0.1:443/api/stream", "https://127.0.0.1", local)).toBeUndefined();
    expect(imageSrc("https://127.0.0.1/api/stream", "http://127.0.0.1:443", local)).toBeUndefined();
    expect(imageSrc("https://127.0.0.1:80/api/stream", "http://127.0.0.1", local)).toBeUndefined();
    // Port 80 is not port 443.
    expect(imageSrc("http://127.0.0.1/a.png", "https://127.0.0.1", local)).toBe(
      "/img?u=http%3A%2F%2F127.0.0.1%2Fa.png",
    );
  });

  it("ignores only a trailing dot of a host name", () => {
    expect(imageSrc("https://newsexample/a.jpg", "https://news.example")).toBe(
      "/img?u=https%3A%2F%2Fnewsexample%2Fa.jpg",
    );
    expect(imageSrc("https://news.example./api/stream", "https://news.example")).toBeUndefined();
    expect(imageSrc("https://news.example/api/stream", "https://news.example.")).toBeUndefined();
  });

  it("drops what is not an address, and an own image whose name holds '..'", () => {
    for (const u of ["", "not a url", "//news.example/images/a.png", "data:image/png;base64,AAAA"]) {
      expect(imageSrc(u, "https://news.example"), u).toBeUndefined();
    }
    expect(imageSrc("https://news.example/images/a..b.png", "https://news.example")).toBeUndefined();
    expect(imageSrc("https://news.example/images/a.b.png", "https://news.example")).toBe("/images/a.b.png");
    expect(imageSrc("https://news.example/images/", "https://news.example")).toBeUndefined();
    expect(imageSrc("https://news.example/static/images/a.png", "https://news.example")).toBeUndefined();
    expect(imageSrc("https://news.example/images/a b.png", "https://news.example")).toBeUndefined();
  });
});

describe("a relay loop by a name the host check does not know (our IP, an alias)", () => {
  it("the relay marks its upstream requests, and the site refuses marked requests before any route", async () => {
    let reached = 0;
    // "Us" under another name: the site with a route that must not run for the relay.
    const us = express()
      .use(refuseRelayedRequests)
      .get("/api/stream", (_req, res) => {
        reached++;
        res.type("audio/mpeg").send("AUDIO");
      })
      .listen(0, "127.0.0.1");
    await new Promise((r) => us.once("listening", r));
    const alias = `http://127.0.0.1:${(us.address() as AddressInfo).port}/api/stream?port=8076`;
    const seen: Array<Record<string, string>> = [];
    const proxy = express()
      .use(
        createImageProxy(async () => true, {
          allowPrivate: true,
          siteUrl: "https://news.example",
          fetchImpl: (input, init) => {
            seen.push(Object.fromEntries(new Headers(init?.headers).entries()));
            return fetch(input, init);
          },
        }),
      )
      .listen(0, "127.0.0.1");
    await new Promise((r) => proxy.once("listening", r));
    try {
      const res = await fetch(
        `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/img?u=${encodeURIComponent(alias)}`,
      );
      expect(res.status).toBe(204);
      expect(seen[0]?.[RELAY_HEADER]).toBe("1");
      expect(reached).toBe(0);
      // A reader's own request (no mark) still reaches the route.
      expect((await fetch(alias)).status).toBe(200);
      expect(reached).toBe(1);
    } finally {
      us.close();
      proxy.close();
    }
  });
});

describe("the image relay in production (public addresses only)", () => {
  it("checks every redirect hop: a public image that redirects into our network is not fetched", async () => {
    let reached = 0;
    // A loopback server standing for our own network (an admin panel, a metadata service).
    const inside = createServer((_req, res) => {
      reached++;
      res.writeHead(200, { "content-type": "image/png" }).end("SECRET");
    });
    // On another loopback address than the one readers reach us on, so it is not "our own host".
    await new Promise<void>((r) => inside.listen(0, "127.0.0.2", r));
    const target = `http://127.0.0.2:${(inside.address() as AddressInfo).port}/latest/meta-data.png`;
    // The publisher answers from the internet and points at loopback: only a check of the
    // redirect's target (IP literals never reach the connect-time lookup) can refuse it.
    // (The connect-time lookup is a second guard; the relay must not even ask for the target.)
    const asked: string[] = [];
    const publisher: typeof fetch = async (input, init) => {
      asked.push(String(input));
      return String(input).startsWith("https://images.publisher.example/")
        ? new Response(null, { status: 302, headers: { location: target } })
        : fetch(input, init);
    };
    const proxy = express()
      .use(createImageProxy(async () => true, { siteUrl: "https://news.example", fetchImpl: publisher }))
      .listen(0, "127.0.0.1");
    await new Promise((r) => proxy.once("listening", r));
    try {
      const res = await fetch(
        `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/img?u=${encodeURIComponent("https://images.publisher.example/a.png")}`,
      );
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      expect(asked).toEqual(["https://images.publisher.example/a.png"]);
      expect(reached).toBe(0);
    } finally {
      inside.close();
      proxy.close();
    }
  });
});

describe.each(await storeKinds())("image proxy (%s)", (kind) => {
  let t: TestStore;
  let store: Store;
  let upstream: Server;
  let app: Server;
  let publicOnly: Server;
  let up = "";
  let base = "";
  const SITE = "https://news.example";
  /** Stored images on our own host: SITE_URL's on another scheme or port, and the request's. */
  const ownAddresses = () => [
    "http://news.example/api/stream?port=8076",
    "https://news.example:8443/a.png",
    `${base}/img?u=${encodeURIComponent(`${up}/ok.png`)}`,
    `http://127.0.0.1:${(publicOnly.address() as AddressInfo).port + 1}/a.png`,
  ];

  beforeAll(async () => {
    t = await openTestStore(kind);
    store = t.store;
    upstream = createServer((req, res) => {
      if (req.url === "/ok.png")
        return void res.writeHead(200, { "content-type": "image/png" }).end("PNGDATA");
      if (req.url === "/redirect") return void res.writeHead(302, { location: "/ok.png" }).end();
      // A publisher's image that redirects to us: the proxy would fetch itself.
      if (req.url === "/to-us")
        return void res
          .writeHead(302, { location: `${base}/img?u=${encodeURIComponent(`${up}/ok.png`)}` })
          .end();
      if (req.url === "/html")
        return void res.writeHead(200, { "content-type": "text/html" }).end("<script>");
      if (req.url === "/big") {
        res.writeHead(200, { "content-type": "image/jpeg" });
        const chunk = Buffer.alloc(1024 * 1024);
        let n = 0;
        const pump = () => {
          while (n < 8 && res.write(chunk)) n++;
          if (n < 8) res.once("drain", pump);
          else res.end();
        };
        return void pump();
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    up = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    // The local upstream is on loopback, so the proxy under test allows private addresses; a
    // second one, as production runs it, does not.
    app = express()
      .use(createImageProxy(store.images.isStoredImage, { allowPrivate: true, siteUrl: SITE }))
      .listen(0, "127.0.0.1");
    publicOnly = express()
      .use(createImageProxy(store.images.isStoredImage, { siteUrl: SITE }))
      .listen(0, "127.0.0.1");
    await Promise.all([app, publicOnly].map((s) => new Promise((r) => s.once("listening", r))));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    const feed = `${up}/feed`;
    await store.feeds.syncFeeds(new Map([["local", [feed]]]));
    const images = [
      ...["/ok.png", "/redirect", "/html", "/big", "/gone", "/to-us"].map((p) => `${up}${p}`),
      `http://localhost:${(upstream.address() as AddressInfo).port}/ok.png`,
      "http://169.254.169.254/latest/meta-data/iam.png",
      ...ownAddresses(),
    ];
    const items = images.map((imageUrl, position) => ({
      guid: `g${position}`,
      position,
      title: "t",
      excerpt: "",
      content: "",
      imageUrl,
      publishedAt: "2026-01-01T00:00:00.000Z",
      dated: true,
      readTime: 1,
    }));
    await store.feeds.saveSuccess(feed, { items }, "2026-01-01T00:00:00.000Z", "2026-01-01T00:10:00.000Z");
  });

  afterAll(async () => {
    app.close();
    publicOnly.close();
    upstream.close();
    await t.dispose();
  });

  const get = (u: string) => fetch(`${base}/img?u=${encodeURIComponent(u)}`);

  it("relays a stored article's image with caching and a sandbox", async () => {
    const res = await get(`${up}/ok.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("max-age=86400");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(await res.text()).toBe("PNGDATA");
  });

  it("follows a redirect", async () => {
    expect((await get(`${up}/redirect`)).status).toBe(200);
  });

  it("is not an open proxy", async () => {
    expect((await get(`${up}/ok.png?other`)).status).toBe(404);
    expect((await get("javascript:alert(1)")).status).toBe(400);
    expect((await fetch(`${base}/img`)).status).toBe(400);
  });

  it("answers 204 for what is not an image or is missing, so readers' consoles stay clean", async () => {
    for (const u of [`${up}/html`, `${up}/gone`]) {
      const res = await get(u);
      expect(res.status, u).toBe(204);
      expect(res.headers.get("cache-control"), u).toBe("public, max-age=300");
      expect(res.headers.get("x-image-unavailable"), u).toBe("The image is not available.");
      expect(await res.text(), u).toBe("");
    }
  });

  it("cuts off oversize bodies", async () => {
    const big = await get(`${up}/big`);
    await expect(big.arrayBuffer()).rejects.toThrow();
  });

  it("in production, never fetches from loopback, private or link-local addresses", async () => {
    // Asked as a public name would be, so loopback is not also our own host here.
    const viaPublicOnly = (u: string) =>
      new Promise<IncomingMessage>((resolve, reject) =>
        httpGet(
          {
            host: "127.0.0.1",
            port: (publicOnly.address() as AddressInfo).port,
            path: `/img?u=${encodeURIComponent(u)}`,
            headers: { host: "proxy.example" },
          },
          (res) => resolve(res.resume()),
        ).on("error", reject),
      );
    for (const u of [
      `${up}/ok.png`,
      `http://localhost:${new URL(up).port}/ok.png`,
      "http://169.254.169.254/latest/meta-data/iam.png",
    ]) {
      const res = await viaPublicOnly(u);
      expect(res.statusCode, u).toBe(204);
      expect(res.headers["x-image-unavailable"], u).toBe("The image is not available.");
    }
  });

  it("never fetches our own host, on any scheme or port, named by SITE_URL or by the request", async () => {
    const [otherScheme, otherPort, ownRequest, ownHostOtherPort] = ownAddresses() as [
      string,
      string,
      string,
      string,
    ];
    const publicOnlyGet = (u: string) =>
      fetch(`http://127.0.0.1:${(publicOnly.address() as AddressInfo).port}/img?u=${encodeURIComponent(u)}`);
    for (const [res, u] of [
      [await publicOnlyGet(otherScheme), otherScheme],
      [await publicOnlyGet(otherPort), otherPort],
      [await publicOnlyGet(ownHostOtherPort), ownHostOtherPort],
      // With local fixtures allowed, the port tells us from them: this is the proxy itself.
      [await get(ownRequest), ownRequest],
    ] as const) {
      expect(res.status, u).toBe(400);
      expect(await res.text(), u).toBe("Our own address is not relayed.");
    }
    // Nor through a publisher's redirect.
    const redirected = await get(`${up}/to-us`);
    expect(redirected.status).toBe(204);
    expect(await redirected.text()).toBe("");
  });
});

describe.each(await storeKinds())("image proxy while the store cannot be read (%s)", (kind) => {
  it("answers 503 with no-store, never 'Unknown image.'", async () => {
    const t = await openTestStore(kind);
    const store = t.store;
    const app = express()
      .use(
        createImageProxy(store.images.isStoredImage, { allowPrivate: true, siteUrl: "https://news.example" }),
      )
      .listen(0, "127.0.0.1");
    await new Promise((r) => app.once("listening", r));
    try {
      await store.close();
      const res = await fetch(
        `http://127.0.0.1:${(app.address() as AddressInfo).port}/img?u=${encodeURIComponent("https://img.example/a.png")}`,
      );
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toBe("Images are unavailable right now.");
    } finally {
      app.close();
      await t.dispose().catch(() => {});
    }
  });
});

/**
 * A relay in front of a stand-in publisher: `publisher` answers each upstream request the relay
 * makes (so redirects, sizes and failures are the test's to choose); every image is stored unless
 * `stored` says otherwise. Production (public addresses only) unless allowPrivate.
 */
async function relayTo(
  publisher: (url: URL, init: RequestInit) => Response | Promise<Response>,
  options: { allowPrivate?: boolean; siteUrl?: string | null; stored?: (u: string) => Promise<boolean> } = {},
) {
  const asked: Array<{ url: string; init: RequestInit }> = [];
  const lookedUp: string[] = [];
  const server = express()
    .use(
      createImageProxy(
        async (u) => {
          lookedUp.push(u);
          return options.stored ? options.stored(u) : true;
        },
        {
          allowPrivate: options.allowPrivate,
          siteUrl: options.siteUrl === null ? undefined : (options.siteUrl ?? "https://news.example"),
          fetchImpl: async (input, init = {}) => {
            asked.push({ url: String(input), init });
            return publisher(new URL(String(input)), init);
          },
        },
      ),
    )
    .listen(0, "127.0.0.1");
  relays.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    asked,
    lookedUp,
    get: (u: string, init?: RequestInit) => fetch(`${base}/img?u=${encodeURIComponent(u)}`, init),
  };
}
const relays: Server[] = [];
afterEach(() => {
  for (const s of relays.splice(0)) s.close();
  vi.restoreAllMocks();
});

const IMG = "https://images.publisher.example/a.png";
const png = (body: BodyInit | null = "PNGDATA", headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "content-type": "image/png", ...headers } });
const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location } });

/** A body that records whether the relay let go of it. */
function trackedBody(chunks: Uint8Array[] = [new TextEncoder().encode("PNGDATA")]) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

async function expectUnavailable(res: globalThis.Response, reason: string) {
  expect(res.status).toBe(204);
  expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  expect(res.headers.get("x-image-unavailable")).toBe(reason);
  expect(await res.text()).toBe("");
}

describe("the image relay's answers", () => {
  it("refuses a bad address with 400 before asking the store", async () => {
    const r = await relayTo(() => png());
    for (const path of [
      "/img",
      `/img?u=${encodeURIComponent(IMG)}&u=${encodeURIComponent(IMG)}`,
      `/img?u=${encodeURIComponent("ftp://images.publisher.example/a.png")}`,
      `/img?u=${encodeURIComponent("file:///etc/passwd")}`,
      `/img?u=${encodeURIComponent("/images/a.png")}`,
      `/img?u=${encodeURIComponent(`${IMG}?${"x".repeat(2049 - IMG.length - 1)}`)}`,
    ]) {
      const res = await fetch(`${r.base}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/plain/);
      expect(await res.text(), path).toBe("Bad image address.");
    }
    expect(r.lookedUp).toEqual([]);
    // 2,048 characters is still an address.
    const longest = `${IMG}?${"x".repeat(2048 - IMG.length - 1)}`;
    expect((await r.get(longest)).status).toBe(200);
    expect(r.lookedUp).toEqual([longest]);
  });

  it("answers 404 for an image no stored article names, and fetches nothing", async () => {
    const r = await relayTo(() => png(), { stored: async () => false });
    const res = await r.get(IMG);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe("Unknown image.");
    expect(r.lookedUp).toEqual([IMG]);
    expect(r.asked).toEqual([]);
  });

  it("answers 503 while the store cannot say, to be asked again in 30 seconds, and logs why", async () => {
    const warn = vi.spyOn(logger, "warn");
    const r = await relayTo(() => png(), {
      stored: async () => {
        throw new Error("database is locked");
      },
    });
    const res = await r.get(IMG);
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("retry-after")).toBe("30");
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe("Images are unavailable right now.");
    expect(r.asked).toEqual([]);
    expect(warn).toHaveBeenCalledWith({ err: "database is locked" }, "image lookup failed");
    const thrown = await relayTo(() => png(), { stored: () => Promise.reject("no connection") });
    expect((await thrown.get(IMG)).status).toBe(503);
    expect(warn).toHaveBeenLastCalledWith({ err: "no connection" }, "image lookup failed");
  });

  it("asks the publisher for an image, marked as the relay's, without following redirects itself", async () => {
    const r = await relayTo(() => png());
    await r.get(IMG);
    expect(r.asked).toHaveLength(1);
    const { url, init } = r.asked[0] as { url: string; init: RequestInit };
    expect(url).toBe(IMG);
    // fetch must not follow redirects: each hop is checked here first.
    expect(init.redirect).toBe("manual");
    expect(init.signal).toBeInstanceOf(AbortSignal);
    const headers = new Headers(init.headers);
    expect(headers.get(RELAY_HEADER)).toBe("1");
    expect(headers.get("accept")).toBe("image/avif,image/webp,image/*;q=0.8");
  });

  it("serves the image as its own type, cached for a day, sandboxed", async () => {
    const r = await relayTo(() => png("<svg/>", { "content-type": "Image/SVG+XML ; charset=utf-8" }));
    const res = await r.get(IMG);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(await res.text()).toBe("<svg/>");
  });

  it("relays only image types a browser shows", async () => {
    let type: string | undefined = "";
    const r = await relayTo(() => new Response("DATA", { headers: type ? { "content-type": type } : {} }));
    for (const ok of ["png", "jpeg", "gif", "webp", "avif", "svg+xml"]) {
      type = `image/${ok}`;
      expect((await r.get(IMG)).status, type).toBe(200);
    }
    for (const no of [
      "text/html",
      "image/x-icon",
      "image/pngx",
      "ximage/png",
      "image/svgxml",
      "image/png, text/html",
      "application/octet-stream",
      undefined,
    ]) {
      type = no;
      await expectUnavailable(await r.get(IMG), "The image is not available.");
    }
  });

  it("lets go of an upstream body it does not relay", async () => {
    const html = trackedBody();
    const r = await relayTo(() => new Response(html.body, { headers: { "content-type": "text/html" } }));
    await expectUnavailable(await r.get(IMG), "The image is not available.");
    expect(html.state.cancelled).toBe(true);
    const gone = trackedBody();
    const r2 = await relayTo(
      () => new Response(gone.body, { status: 404, headers: { "content-type": "image/png" } }),
    );
    await expectUnavailable(await r2.get(IMG), "The image is not available.");
    expect(gone.state.cancelled).toBe(true);
    // An answer with no body at all.
    const empty = await relayTo(() => png(null));
    await expectUnavailable(await empty.get(IMG), "The image is not available.");
  });

  it("follows up to three redirects, relative or absolute, and no more", async () => {
    const hops = (n: number) => (url: URL) => {
      const at = Number(url.searchParams.get("hop") ?? 0);
      if (at < n)
        return redirect(at % 2 ? `?hop=${at + 1}` : `https://cdn.publisher.example/a.png?hop=${at + 1}`);
      return png(`after ${at}`);
    };
    const three = await relayTo(hops(3));
    const res = await three.get(IMG);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("after 3");
    expect(three.asked.map((a) => a.url)).toEqual([
      IMG,
      "https://cdn.publisher.example/a.png?hop=1",
      "https://cdn.publisher.example/a.png?hop=2",
      "https://cdn.publisher.example/a.png?hop=3",
    ]);
    const four = await relayTo(hops(4));
    await expectUnavailable(await four.get(IMG), "The image is not available.");
    expect(four.asked).toHaveLength(4);
  });

  it("follows every redirect status, and only an answer in 300-399 with a Location", async () => {
    for (const status of [300, 301, 302, 303, 307, 308]) {
      const r = await relayTo((url) => (url.pathname === "/a.png" ? redirect("/b.png", status) : png("B")));
      const res = await r.get(IMG);
      expect(await res.text(), String(status)).toBe("B");
    }
    // A Location on a normal answer is not a redirect: the image is served as it came.
    const located = await relayTo(() => png("A", { location: "/b.png" }));
    expect(await (await located.get(IMG)).text()).toBe("A");
    expect(located.asked).toHaveLength(1);
    // Nor on an error, nor a 3xx without one.
    for (const answer of [
      () => new Response("x", { status: 400, headers: { location: "/b.png", "content-type": "image/png" } }),
      () => new Response(null, { status: 302 }),
    ]) {
      const r = await relayTo(answer);
      await expectUnavailable(await r.get(IMG), "The image is not available.");
      expect(r.asked).toHaveLength(1);
    }
  });

  it("does not follow a redirect to anything but http(s)", async () => {
    for (const location of [
      "file:///etc/passwd",
      "data:image/png;base64,AAAA",
      "ftp://images.publisher.example/a.png",
    ]) {
      const r = await relayTo(() => redirect(location));
      await expectUnavailable(await r.get(IMG), "The image is not available.");
      expect(r.asked, location).toHaveLength(1);
    }
  });

  it("does not follow a redirect to our own host, and tells the operator", async () => {
    const warn = vi.spyOn(logger, "warn");
    const r = await relayTo(() => redirect("http://news.example:8080/api/stream"));
    await expectUnavailable(await r.get(IMG), "The image is not available.");
    expect(r.asked).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith({ url: IMG }, "image redirects to our own host");
  });

  it("in production, does not follow a redirect into our network, and tells the operator", async () => {
    const warn = vi.spyOn(logger, "warn");
    const r = await relayTo(() => redirect("http://10.0.0.5/admin.png"));
    await expectUnavailable(await r.get(IMG), "The image is not available.");
    expect(r.asked).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      { err: "10.0.0.5 is not a public internet address", url: IMG },
      "image address is not public",
    );
  });

  it("in production, connects to public addresses only, whatever a name resolves to then", async () => {
    let reached = 0;
    const inside = createServer((_req, res) => {
      reached++;
      res.writeHead(200, { "content-type": "image/png" }).end("SECRET");
    });
    await new Promise<void>((r) => inside.listen(0, "127.0.0.1", r));
    relays.push(inside);
    // The publisher's name resolves to loopback when the relay connects (DNS rebinding): the
    // stand-in sends the relay's own request to a name that does.
    const rebound = (_url: URL, init: RequestInit) =>
      fetch(`http://localhost:${(inside.address() as AddressInfo).port}/a.png`, init);
    const warn = vi.spyOn(logger, "warn");
    const production = await relayTo(rebound);
    await expectUnavailable(await production.get(IMG), "The image is not available.");
    expect(reached).toBe(0);
    expect(warn).toHaveBeenCalledWith(
      { err: "localhost is not a public internet address", url: IMG },
      "image address is not public",
    );
    // With local fixtures allowed, the same name is fetched.
    const local = await relayTo(rebound, { allowPrivate: true });
    expect(await (await local.get(IMG)).text()).toBe("SECRET");
    expect(reached).toBe(1);
  });

  it("refuses an image declared bigger than 5 MiB, and serves one of exactly 5 MiB", async () => {
    const big = trackedBody();
    const tooBig = await relayTo(() => png(big.body, { "content-length": String(5 * 1024 * 1024 + 1) }));
    await expectUnavailable(await tooBig.get(IMG), "The image is too large.");
    expect(big.state.cancelled).toBe(true);
    const justFits = await relayTo(() => png("PNGDATA", { "content-length": String(5 * 1024 * 1024) }));
    expect(await (await justFits.get(IMG)).text()).toBe("PNGDATA");
  });

  it("cuts off a body that grows past 5 MiB, and stops the download", async () => {
    const MiB = new Uint8Array(1024 * 1024);
    const exactly = await relayTo(() => png(trackedBody([MiB, MiB, MiB, MiB, MiB]).body));
    expect((await (await exactly.get(IMG)).arrayBuffer()).byteLength).toBe(5 * 1024 * 1024);
    const over = await relayTo(() => png(trackedBody([MiB, MiB, MiB, MiB, MiB, new Uint8Array(1)]).body));
    const res = await over.get(IMG);
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    expect(over.asked[0]?.init.signal?.aborted).toBe(true);
  });

  it("answers 204 when the publisher cannot be reached, and cuts the answer off when it fails midway", async () => {
    const debug = vi.spyOn(logger, "debug");
    const down = await relayTo(() => {
      throw new TypeError("fetch failed");
    });
    await expectUnavailable(await down.get(IMG), "The image is not available.");
    expect(debug).toHaveBeenCalledWith({ err: "TypeError: fetch failed", url: IMG }, "image proxy failed");
    let first = true;
    const midway = await relayTo(() =>
      png(
        new ReadableStream({
          pull(controller) {
            if (first) controller.enqueue(new TextEncoder().encode("PNG"));
            else controller.error(new Error("connection reset"));
            first = false;
          },
        }),
      ),
    );
    // The headers may be out or not yet: either way the reader never gets a whole answer.
    await expect(midway.get(IMG).then((res) => res.text())).rejects.toThrow();
  });

  it("stops the download when the reader leaves, and logs nothing for it", async () => {
    const debug = vi.spyOn(logger, "debug");
    const warn = vi.spyOn(logger, "warn");
    let signal: AbortSignal | undefined;
    const r = await relayTo((_url, init) => {
      signal = init.signal ?? undefined;
      // A slow publisher: one piece, then nothing until the download is stopped.
      return png(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("PNG"));
            init.signal?.addEventListener("abort", () => controller.error(new Error("aborted")));
          },
        }),
      );
    });
    const reader = new AbortController();
    const res = await r.get(IMG, { signal: reader.signal });
    expect(res.status).toBe(200);
    reader.abort();
    while (!signal?.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
    // Give the relay's catch a moment to run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(debug).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("the image relay and a publisher that does not answer", () => {
  it("gives up after 10 seconds", async () => {
    let asked: () => void = () => {};
    const waiting = new Promise<void>((r) => (asked = r));
    const r = await relayTo(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
          asked();
        }),
    );
    // Only the relay's own timer is the test's to move.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const answer = r.get(IMG);
      await waiting;
      vi.advanceTimersByTime(9_999);
      expect(r.asked[0]?.init.signal?.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(r.asked[0]?.init.signal?.aborted).toBe(true);
      await expectUnavailable(await answer, "The image is not available.");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the image relay and our own host", () => {
  it("relays every publisher when no site address is configured", async () => {
    const r = await relayTo(() => png(), { siteUrl: null });
    expect((await r.get(IMG)).status).toBe(200);
  });

  it("relays when the request's Host is not a usable address", async () => {
    const r = await relayTo(() => png());
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(
        {
          host: "127.0.0.1",
          port: new URL(r.base).port,
          path: `/img?u=${encodeURIComponent(IMG)}`,
          headers: { host: "a b" },
        },
        (response) => resolve(response.resume()),
      ).on("error", reject),
    );
    expect(res.statusCode).toBe(200);
  });

  it("refuses a request the relay made of itself (508), and lets readers' requests through", async () => {
    const site = express()
      .use(refuseRelayedRequests)
      .get("/", (_req, res) => void res.send("home"))
      .listen(0, "127.0.0.1");
    relays.push(site);
    await new Promise((r) => site.once("listening", r));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const relayed = await fetch(url, { headers: { [RELAY_HEADER]: "1" } });
    expect(relayed.status).toBe(508);
    expect(relayed.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await relayed.text()).toBe("The image relay does not fetch from this site.");
    // Even an empty mark is the relay's.
    expect((await fetch(url, { headers: { [RELAY_HEADER]: "" } })).status).toBe(508);
    expect(await (await fetch(url)).text()).toBe("home");
  });
});
