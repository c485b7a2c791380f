import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FeedFetchError, HttpStatusError } from "./errors.ts";
import { feedUserAgent, fetchFeed, parseRetryAfter } from "./fetch.server.ts";
import { isPublicAddress } from "./public-address.server.ts";
import { type FeedServer, fixture, respond, startFeedServer } from "./testing/feed-server.ts";

// Real sockets and processes: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const FEED = fixture("rss2-basic.xml");
const ETAG = '"feed-v1"';
const LAST_MODIFIED = "Tue, 14 May 2024 10:00:00 GMT";
/** The test publisher is on loopback (FEEDS_ALLOW_PRIVATE on); the guard's tests pass `guarded`. */
const open = { allowPrivate: true } as const;

let server: FeedServer;

beforeAll(async () => {
  server = await startFeedServer({
    "/ok": respond(FEED),
    "/etag": (req, res) => {
      if (req.headers["if-none-match"] === ETAG) res.writeHead(304, { etag: ETAG }).end();
      else res.writeHead(200, { etag: ETAG, "content-type": "application/rss+xml" }).end(FEED);
    },
    "/last-modified": (req, res) => {
      if (req.headers["if-modified-since"] === LAST_MODIFIED) res.writeHead(304).end();
      else res.writeHead(200, { "last-modified": LAST_MODIFIED }).end(FEED);
    },
    "/404": (_req, res) => res.writeHead(404).end("gone"),
    "/500": (_req, res) => res.writeHead(500).end("oops"),
    "/429": (_req, res) => res.writeHead(429, { "retry-after": "120" }).end(),
    "/503-date": (_req, res) =>
      res.writeHead(503, { "retry-after": new Date(Date.now() + 3_600_000).toUTCString() }).end(),
    "/never": () => {
      // Accept the request and never answer.
    },
    "/drip": (_req, res) => {
      res.writeHead(200, { "content-type": "application/rss+xml" });
      res.write("<?xml version='1.0'?><rss><channel>");
      // Trickle a byte now and then, forever: only the overall timeout stops this.
      const timer = setInterval(() => res.write(" "), 20);
      res.on("close", () => clearInterval(timer));
    },
    "/huge": (_req, res) => {
      res.writeHead(200, { "content-type": "application/rss+xml" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 64 && res.write(chunk)) sent++;
        if (sent < 64) res.once("drain", pump);
        else res.end();
      };
      pump();
    },
    "/huge-declared": (_req, res) => res.writeHead(200, { "content-length": String(5 * 1024 * 1024) }).end(),
    "/gzip-bomb": (_req, res) => {
      // 50 KB on the wire, 8 MiB once inflated: the cap must count decompressed bytes.
      res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)));
    },
    "/gzip": (_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(FEED)),
    "/deflate": (_req, res) => res.writeHead(200, { "content-encoding": "deflate" }).end(deflateSync(FEED)),
    "/br": (_req, res) => res.writeHead(200, { "content-encoding": "br" }).end(brotliCompressSync(FEED)),
    "/r1": (_req, res) => res.writeHead(301, { location: "/r2" }).end(),
    "/r2": (_req, res) => res.writeHead(302, { location: "r3" }).end(),
    "/r3": (_req, res) => res.writeHead(307, { location: "/ok" }).end(),
    "/loop-a": (_req, res) => res.writeHead(302, { location: "/loop-b" }).end(),
    "/loop-b": (_req, res) => res.writeHead(302, { location: "/loop-a" }).end(),
    "/to-file": (_req, res) => res.writeHead(302, { location: "file:///etc/passwd" }).end(),
    "/no-location": (_req, res) => res.writeHead(302).end(),
    "/latin1": respond(fixture("latin1.xml"), { "content-type": "application/rss+xml" }),
    "/latin1-header": respond(
      Buffer.from("<rss><channel><title>caf\u00e9</title></channel></rss>", "latin1"),
      {
        "content-type": "text/xml; charset=ISO-8859-1",
      },
    ),
    "/cp1252": respond(fixture("windows-1252.xml"), { "content-type": "text/xml" }),
    "/bom": respond(fixture("bom.xml")),
  });
  for (let k = 1; k <= 7; k++) {
    server.route(`/chain-${k}`, (_req, res) => res.writeHead(302, { location: `/chain-${k + 1}` }).end());
  }
  server.route("/chain-8", respond(FEED));
});

afterAll(() => server.close());

const lastRequest = (path: string) => [...server.requests].reverse().find((r) => r.path === path);

describe("fetchFeed", () => {
  it("GETs a feed with our User-Agent, an Accept for feed types and compression", async () => {
    const result = await fetchFeed(server.url("/ok"), {
      ...open,
      userAgent: feedUserAgent("https://news.example"),
    });
    expect(result.notModified).toBe(false);
    expect(result.notModified === false && result.body).toContain("Grid &amp; Garage");
    const headers = lastRequest("/ok")?.headers;
    expect(headers?.["user-agent"]).toBe(
      "ElectricLedgerFeeds/1.0 (+https://news.example; The Electric Ledger feed reader)",
    );
    expect(headers?.accept).toMatch(/application\/rss\+xml.*application\/atom\+xml/);
    expect(headers?.["accept-encoding"]).toBe("gzip, deflate, br");
    expect(headers?.["if-none-match"]).toBeUndefined();
  });

  it("sends the stored ETag back and reports a 304", async () => {
    const first = await fetchFeed(server.url("/etag"), open);
    expect(first.notModified === false && first.etag).toBe(ETAG);
    const second = await fetchFeed(server.url("/etag"), { ...open, etag: ETAG });
    expect(second.notModified).toBe(true);
    expect(lastRequest("/etag")?.headers["if-none-match"]).toBe(ETAG);
  });

  it("sends the stored Last-Modified back and reports a 304", async () => {
    const first = await fetchFeed(server.url("/last-modified"), open);
    expect(first.notModified === false && first.lastModified).toBe(LAST_MODIFIED);
    const second = await fetchFeed(server.url("/last-modified"), { ...open, lastModified: LAST_MODIFIED });
    expect(second.notModified).toBe(true);
  });

  it.each([404, 500])("turns a %i into 'HTTP error! status: %i'", async (status) => {
    const error = await fetchFeed(server.url(`/${status}`), open).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as Error).message).toBe(`HTTP error! status: ${status}`);
    expect((error as HttpStatusError).retryAfterMs).toBeUndefined();
  });

  it("reads Retry-After on a 429 (seconds) and a 503 (HTTP date)", async () => {
    const tooMany = (await fetchFeed(server.url("/429"), open).catch((e: unknown) => e)) as HttpStatusError;
    expect(tooMany.message).toBe("HTTP error! status: 429");
    expect(tooMany.retryAfterMs).toBe(120_000);
    const unavailable = (await fetchFeed(server.url("/503-date"), open).catch(
      (e: unknown) => e,
    )) as HttpStatusError;
    expect(unavailable.message).toBe("HTTP error! status: 503");
    expect(unavailable.retryAfterMs).toBeGreaterThan(3_500_000);
    expect(unavailable.retryAfterMs).toBeLessThanOrEqual(3_600_000);
  });

  it("gives up on a server that never answers after the timeout", async () => {
    await expect(fetchFeed(server.url("/never"), { ...open, timeoutMs: 200 })).rejects.toThrow(
      new FeedFetchError("Timed out after 0.2 s"),
    );
  });

  it("gives up on a body that drips forever: the timeout covers the body too", async () => {
    await expect(fetchFeed(server.url("/drip"), { ...open, timeoutMs: 300 })).rejects.toThrow(
      /Timed out after 0\.3 s/,
    );
  });

  it("aborts a body beyond the size cap", async () => {
    await expect(fetchFeed(server.url("/huge"), { ...open, maxBytes: 1024 * 1024 })).rejects.toThrow(
      "Response body is larger than 1 MiB",
    );
    await expect(fetchFeed(server.url("/huge-declared"), { ...open, maxBytes: 1024 * 1024 })).rejects.toThrow(
      /larger than 1 MiB/,
    );
  });

  it("counts decompressed bytes against the cap", async () => {
    await expect(fetchFeed(server.url("/gzip-bomb"), { ...open, maxBytes: 1024 * 1024 })).rejects.toThrow(
      /larger than 1 MiB/,
    );
  });

  it.each(["gzip", "deflate", "br"])("decompresses %s", async (encoding) => {
    const result = await fetchFeed(server.url(`/${encoding}`), open);
    expect(result.notModified === false && result.body).toBe(FEED.toString("utf8"));
  });

  it("follows a redirect chain and reports where the feed was found", async () => {
    const result = await fetchFeed(server.url("/r1"), open);
    expect(result.url).toBe(server.url("/ok"));
    const chain = await fetchFeed(server.url("/chain-3"), open);
    expect(chain.url).toBe(server.url("/chain-8"));
  });

  it("stops after 5 redirects", async () => {
    await expect(fetchFeed(server.url("/chain-1"), open)).rejects.toThrow("Too many redirects (more than 5)");
  });

  it("detects a redirect loop", async () => {
    await expect(fetchFeed(server.url("/loop-a"), open)).rejects.toThrow(
      `Redirect loop at ${server.url("/loop-a")}`,
    );
  });

  it("refuses non-http(s) URLs and redirect targets", async () => {
    await expect(fetchFeed(server.url("/to-file"), open)).rejects.toThrow(
      "Redirect to an unsupported URL scheme: file:",
    );
    await expect(fetchFeed("file:///etc/passwd", open)).rejects.toThrow("Unsupported URL scheme: file:");
    await expect(fetchFeed("not a url", open)).rejects.toThrow("Invalid feed URL: not a url");
  });

  it("treats a redirect without a Location as an HTTP error", async () => {
    await expect(fetchFeed(server.url("/no-location"), open)).rejects.toThrow("HTTP error! status: 302");
  });

  it("reports a refused connection as a network error", async () => {
    const closed = await startFeedServer();
    const url = closed.url("/feed");
    await closed.close();
    await expect(fetchFeed(url, open)).rejects.toThrow(/^Network error: ECONNREFUSED/);
  });

  it("can be cancelled", async () => {
    const controller = new AbortController();
    const pending = fetchFeed(server.url("/never"), { ...open, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow("Fetch cancelled");
  });

  it("decodes ISO-8859-1 and windows-1252 from the declaration or the header, and a BOM", async () => {
    const latin1 = await fetchFeed(server.url("/latin1"), open);
    expect(latin1.notModified === false && latin1.body).toContain("La métropole équipe");
    const header = await fetchFeed(server.url("/latin1-header"), open);
    expect(header.notModified === false && header.body).toContain("café");
    const cp1252 = await fetchFeed(server.url("/cp1252"), open);
    expect(cp1252.notModified === false && cp1252.body).toContain(
      "“Cheaper than petrol” — charging now costs €0.29",
    );
    const bom = await fetchFeed(server.url("/bom"), open);
    expect(bom.notModified === false && bom.body.startsWith("\n\n   <?xml")).toBe(true);
  });
});

describe("fetchFeed in production (FEEDS_ALLOW_PRIVATE off)", () => {
  const guarded = { allowPrivate: false } as const;

  it("never connects to loopback or private IP literals", async () => {
    const before = server.requests.length;
    for (const url of [
      server.url("/ok"),
      "http://10.0.0.1/feed",
      "http://169.254.169.254/latest",
      "http://[::1]/x",
    ]) {
      const error = await fetchFeed(url, guarded).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(FeedFetchError);
      expect((error as Error).message, url).toMatch(/^Refused: .* is not a public internet address$/);
    }
    expect(server.requests.length).toBe(before);
  });

  it("refuses a redirect from a public publisher into our own network", async () => {
    const before = server.requests.length;
    // The publisher answers from the internet and points at loopback.
    const publisher: typeof fetch = async (input, init) =>
      String(input).startsWith("http://publisher.example/")
        ? new Response(null, { status: 302, headers: { location: server.url("/ok") } })
        : fetch(input, init);
    const error = await fetchFeed("http://publisher.example/feed", { ...guarded, fetch: publisher }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe("Refused: 127.0.0.1 is not a public internet address");
    expect(server.requests.length).toBe(before);
  });

  it("checks names when connecting: a name that resolves to loopback is refused", async () => {
    // This machine's own name resolves to loopback (or a private address) here; only the
    // connect-time check can see that.
    const name = hostname();
    const resolved = await lookup(name).catch(() => undefined);
    if (!resolved || isPublicAddress(resolved.address)) return;
    const port = new URL(server.url("/ok")).port;
    const before = server.requests.length;
    const error = await fetchFeed(`http://${name}:${port}/ok`, guarded).catch((e: unknown) => e);
    expect((error as Error).message).toBe(`Refused: ${name} is not a public internet address`);
    expect(server.requests.length).toBe(before);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates, capped at a day", () => {
    const now = Date.parse("2024-05-01T12:00:00Z");
    expect(parseRetryAfter("30", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 01 May 2024 13:00:00 GMT", now)).toBe(3_600_000);
    expect(parseRetryAfter("Wed, 01 May 2024 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("9999999", now)).toBe(24 * 3_600_000);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
