import { createServer, get as httpGet, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageProxy, imageSrc, RELAY_HEADER, refuseRelayedRequests } from "./images.server.ts";
import type { Store } from "./store/store.ts";
import { openTestStore, storeKinds, type TestStore } from "./store/testing/stores.ts";

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
