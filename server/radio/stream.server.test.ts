import { type ClientRequest, type IncomingMessage, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createRadioRouter,
  createStreamHandler,
  MESSAGES,
  type RadioOptions,
  STREAM_PATH,
} from "./stream.server.ts";
import { type FakeUpstream, ICY_TITLE, startFakeUpstream, TONE_MP3 } from "./testing/fake-upstream.ts";

type Proxy = { url(path: string): string; listeners(): number; close(): Promise<void> };

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function upstream(options: Parameters<typeof startFakeUpstream>[0] = {}): Promise<FakeUpstream> {
  const up = await startFakeUpstream(options);
  cleanup.push(() => up.close());
  return up;
}

async function proxy(options: Partial<RadioOptions>): Promise<Proxy> {
  const handler = createStreamHandler({ allowedPorts: [8076], maxListeners: 200, ...options });
  const app = express();
  // Tests tell clients apart by X-Forwarded-For.
  app.set("trust proxy", true);
  app.get(STREAM_PATH, handler);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cleanup.push(close);
  return { url: (path) => `http://127.0.0.1:${port}${path}`, listeners: handler.listeners, close };
}

type Listener = { req: ClientRequest; res: IncomingMessage };

/** One listener on its own connection (no pooling), resolved with the response head. */
function listen(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers, method }, (res) => resolve({ req, res }));
    req.on("error", reject);
    req.end();
  });
}

async function text(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The first `n` bytes of a response body, leaving the stream paused. */
function firstBytes(res: IncomingMessage, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      got += chunk.length;
      if (got >= n) {
        res.off("data", onData);
        res.pause();
        resolve(Buffer.concat(chunks).subarray(0, n));
      }
    };
    res.on("data", onData);
    res.on("error", reject);
    res.on("end", () => reject(new Error(`stream ended after ${got} bytes`)));
  });
}

const toneLoop = (n: number) =>
  Buffer.concat(Array.from({ length: Math.ceil(n / TONE_MP3.length) + 1 }, () => TONE_MP3)).subarray(0, n);

describe("GET /api/stream", () => {
  it("relays the station's audio with its type, no-store and no ICY metadata", async () => {
    const up = await upstream();
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    const { res, req } = await listen(p.url("/api/stream?port=8076"), { "accept-encoding": "gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/mpeg");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Object.keys(res.headers).filter((h) => h.startsWith("icy-"))).toEqual([]);
    const body = await firstBytes(res, TONE_MP3.length * 2);
    expect(body.equals(toneLoop(body.length))).toBe(true);
    req.destroy();
    expect(up.requests.map((r) => r.path)).toEqual(["/stream/8076"]);
    expect(up.requests[0]?.headers["icy-metadata"]).toBeUndefined();
  });

  it("answers 400 for a port outside the allowed list and never contacts anyone", async () => {
    const up = await upstream();
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    for (const query of [
      "port=22",
      "port=8077",
      "port=8076@evil.example",
      "port=8076&port=22",
      "port=",
      "",
    ]) {
      const { res } = await listen(p.url(`/api/stream?${query}`));
      expect(res.statusCode, query).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      expect(await text(res)).toMatch(/port/i);
    }
    const { res } = await listen(p.url("/api/stream?port=22"));
    expect(await text(res)).toBe(MESSAGES.badPort("22", [8076]));
    expect(up.requests).toEqual([]);
  });

  it("only substitutes the port: other query parameters never choose the destination", async () => {
    const up = await upstream();
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    const { res, req } = await listen(
      p.url("/api/stream?port=8076&url=http://evil.example/&host=evil.example"),
    );
    expect(res.statusCode).toBe(200);
    req.destroy();
    expect(up.requests.map((r) => r.path)).toEqual(["/stream/8076"]);
  });

  it("answers 503 with a clear message when no station is configured", async () => {
    const p = await proxy({ streamUrl: undefined });
    const { res } = await listen(p.url("/api/stream?port=8076"));
    expect(res.statusCode).toBe(503);
    expect(await text(res)).toBe(MESSAGES.notConfigured);
  });

  it("answers 502 at once, with a log line, when the station is unreachable", { timeout: 3000 }, async () => {
    const up = await upstream();
    const deadUrl = up.url("/stream/{port}");
    await up.close();
    const log = { warn: vi.fn(), info: vi.fn() };
    const p = await proxy({ streamUrl: deadUrl, log });
    const { res } = await listen(p.url("/api/stream?port=8076"));
    expect(res.statusCode).toBe(502);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(await text(res)).toBe(MESSAGES.unreachable);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: "ECONNREFUSED", upstream: expect.stringContaining("/stream/8076") }),
      "radio stream unavailable",
    );
    expect(p.listeners()).toBe(0);
  });

  it("answers 502 when the station stays silent before its first byte, and hangs up on it", async () => {
    const up = await upstream();
    const log = { warn: vi.fn(), info: vi.fn() };
    for (const path of ["/silent/{port}", "/headers-only/{port}"]) {
      const p = await proxy({ streamUrl: up.url(path), firstByteTimeoutMs: 150, log });
      const { res } = await listen(p.url("/api/stream?port=8076"));
      expect(res.statusCode, path).toBe(502);
      expect(await text(res)).toBe(MESSAGES.silent(150));
      await expect.poll(() => up.openSockets()).toBe(0);
    }
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it("has a 5 s first-byte limit by default", async () => {
    const up = await upstream();
    const p = await proxy({ streamUrl: up.url("/silent/{port}") });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const pending = listen(p.url("/api/stream?port=8076"));
      await expect.poll(() => up.requests.length).toBe(1);
      await vi.advanceTimersByTimeAsync(4999);
      expect(up.openSockets()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      const { res } = await pending;
      expect(res.statusCode).toBe(502);
      expect(await text(res)).toBe("The radio station did not start sending audio within 5 s.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 502 when the station answers an error or something other than audio", async () => {
    const up = await upstream();
    const cases = [
      ["/missing/{port}", MESSAGES.status(404)],
      ["/html/{port}", MESSAGES.notAudio("text/html")],
    ] as const;
    for (const [path, message] of cases) {
      const p = await proxy({ streamUrl: up.url(path) });
      const { res } = await listen(p.url("/api/stream?port=8076"));
      expect(res.statusCode, path).toBe(502);
      expect(await text(res)).toBe(message);
    }
  });

  it("closes the upstream connection as soon as the listener disconnects", async () => {
    const up = await upstream({ realTime: true });
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    const { req, res } = await listen(p.url("/api/stream?port=8076"));
    await firstBytes(res, 1000);
    expect(up.openSockets()).toBe(1);
    expect(p.listeners()).toBe(1);
    req.destroy();
    await expect.poll(() => up.openSockets()).toBe(0);
    await expect.poll(() => p.listeners()).toBe(0);
  });

  it("closes the upstream connection when the listener leaves before the first byte", async () => {
    const up = await upstream();
    const p = await proxy({ streamUrl: up.url("/silent/{port}") });
    const req = request(p.url("/api/stream?port=8076"), { agent: false });
    req.on("error", () => {});
    req.end();
    await expect.poll(() => up.openSockets()).toBe(1);
    req.destroy();
    await expect.poll(() => up.openSockets()).toBe(0);
    await expect.poll(() => p.listeners()).toBe(0);
  });

  it("when nobody reads, makes the station wait, and lets the stalled listener go after the idle time", async () => {
    // The station sends as fast as it is read; a listener that stops reading must not make the
    // relay hold the stream in memory, nor keep their place.
    const up = await upstream({ realTime: false });
    const p = await proxy({ streamUrl: up.url("/stream/{port}"), idleTimeoutMs: 500 });
    const { res } = await listen(p.url("/api/stream?port=8076"));
    await firstBytes(res, 1000);
    // Its place is freed and the station hung up on.
    await expect.poll(() => p.listeners()).toBe(0);
    await expect.poll(() => up.openSockets()).toBe(0);
    // The station waited for the listener (backpressure): socket buffers on both hops at most.
    expect(up.bytesSent()).toBeLessThan(64 * 1024 * 1024);
  });

  it("drops a paused listener beside an active one on a live station; the active one keeps the one connection", {
    timeout: 30_000,
  }, async () => {
    // A live station does not wait for anyone. At 4 MB/s the paused player's socket buffers fill
    // within a second or two (at a real 4 KB/s it would take minutes; the lag limit is the same).
    const up = await upstream({ realTime: true, bytesPerSecond: 4 * 1024 * 1024 });
    const p = await proxy({ streamUrl: up.url("/stream/{port}"), maxLagBytes: 256 * 1024, maxPerClient: 1 });
    const paused = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "203.0.113.1" });
    const active = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "203.0.113.2" });
    await firstBytes(paused.res, 1000);
    let received = 0;
    active.res.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    paused.res.on("error", () => {});
    // The paused listener is let go and their place is free again (one per client here), while
    // the active one listens on.
    await expect.poll(() => p.listeners(), { timeout: 15_000 }).toBe(1);
    const back = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "203.0.113.1" });
    expect(back.res.statusCode).toBe(200);
    back.req.destroy();
    const before = received;
    await expect.poll(() => received).toBeGreaterThan(before + 1024 * 1024);
    expect(up.requests).toHaveLength(1);
    expect(up.openSockets()).toBe(1);
    active.req.destroy();
    await expect.poll(() => up.openSockets()).toBe(0);
  });

  it("keeps serving listeners who read while another stops reading", async () => {
    const up = await upstream({ realTime: false });
    const p = await proxy({ streamUrl: up.url("/stream/{port}"), maxLagBytes: 256 * 1024 });
    const stalled = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "203.0.113.1" });
    await firstBytes(stalled.res, 1000);
    const reader = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "203.0.113.2" });
    // The reader keeps receiving the stream while the stalled listener falls behind and is let go.
    const body = await firstBytes(reader.res, 16 * 1024 * 1024);
    expect(body.length).toBe(16 * 1024 * 1024);
    await expect.poll(() => p.listeners()).toBe(1);
    expect(up.requests).toHaveLength(1);
    reader.req.destroy();
    await expect.poll(() => up.openSockets()).toBe(0);
  });

  it("fans one upstream connection out to every listener of a port", async () => {
    const up = await upstream({ realTime: true });
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    const all = await Promise.all(
      ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"].map((ip) =>
        listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": ip }),
      ),
    );
    expect(all.map((l) => l.res.statusCode)).toEqual([200, 200, 200, 200]);
    await Promise.all(all.map((l) => firstBytes(l.res, 2000)));
    expect(up.requests).toHaveLength(1);
    expect(up.openSockets()).toBe(1);
    // A latecomer joins the running stream at once (with a burst of recent audio).
    const late = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "203.0.113.5" });
    expect(late.res.statusCode).toBe(200);
    await firstBytes(late.res, 2000);
    expect(up.requests).toHaveLength(1);
    for (const l of all) l.req.destroy();
    // The latecomer still listens: the station stays connected until the last one leaves.
    await expect.poll(() => p.listeners()).toBe(1);
    expect(up.openSockets()).toBe(1);
    late.req.destroy();
    await expect.poll(() => up.openSockets()).toBe(0);
  });

  it("caps one client's streams (RADIO_MAX_PER_CLIENT) with 429 and Retry-After", async () => {
    const up = await upstream({ realTime: true });
    const p = await proxy({ streamUrl: up.url("/stream/{port}"), maxPerClient: 3 });
    const mine = [];
    for (let i = 0; i < 3; i++)
      mine.push(await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "198.51.100.7" }));
    expect(mine.map((l) => l.res.statusCode)).toEqual([200, 200, 200]);
    const fourth = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "198.51.100.7" });
    expect(fourth.res.statusCode).toBe(429);
    expect(fourth.res.headers["retry-after"]).toBe("60");
    expect(await text(fourth.res)).toBe(MESSAGES.perClient(3));
    // Another client still gets in, and a place comes back when one of mine leaves.
    const other = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "198.51.100.8" });
    expect(other.res.statusCode).toBe(200);
    mine[0]?.req.destroy();
    await expect.poll(() => p.listeners()).toBe(3);
    const again = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "198.51.100.7" });
    expect(again.res.statusCode).toBe(200);
    for (const l of [...mine, other, again]) l.req.destroy();
    await expect.poll(() => up.openSockets()).toBe(0);
  });

  it("caps concurrent listeners with 503, and frees the place when one leaves", async () => {
    const up = await upstream({ realTime: true });
    const p = await proxy({ streamUrl: up.url("/stream/{port}"), maxListeners: 2 });
    const a = await listen(p.url("/api/stream?port=8076"));
    const b = await listen(p.url("/api/stream?port=8076"));
    const c = await listen(p.url("/api/stream?port=8076"));
    expect([a.res.statusCode, b.res.statusCode, c.res.statusCode]).toEqual([200, 200, 503]);
    expect(c.res.headers["retry-after"]).toBe("60");
    expect(await text(c.res)).toBe(MESSAGES.full);
    expect(up.requests).toHaveLength(1);
    a.req.destroy();
    await expect.poll(() => p.listeners()).toBe(1);
    const d = await listen(p.url("/api/stream?port=8076"));
    expect(d.res.statusCode).toBe(200);
    b.req.destroy();
    d.req.destroy();
    await expect.poll(() => up.openSockets()).toBe(0);
  });

  it("serves 100 concurrent listeners and leaves no connection or memory behind", {
    timeout: 60_000,
  }, async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const up = await upstream({ realTime: true });
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });

    const round = async () => {
      const all = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": `203.0.113.${i + 1}` }),
        ),
      );
      expect(all.every((l) => l.res.statusCode === 200)).toBe(true);
      await Promise.all(all.map((l) => firstBytes(l.res, 4000)));
      // One upstream connection, fanned out.
      expect(up.openSockets()).toBe(1);
      expect(p.listeners()).toBe(100);
      for (const l of all) l.req.destroy();
      await expect.poll(() => up.openSockets()).toBe(0);
      await expect.poll(() => p.listeners()).toBe(0);
    };
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };

    await round(); // warms up code paths and lazily allocated structures
    const before = heap();
    for (let i = 0; i < 3; i++) await round();
    const after = heap();
    // 300 more listeners came and went; a leak of even one buffer per listener would show here.
    expect(after - before).toBeLessThan(2 * 1024 * 1024);
  });

  it("relays ICY metadata to a listener that asked for it", async () => {
    const up = await upstream({ metaInt: 4096 });
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    const { req, res } = await listen(p.url("/api/stream?port=8076"), { "icy-metadata": "1" });
    expect(up.requests[0]?.headers["icy-metadata"]).toBe("1");
    expect(res.headers["icy-metaint"]).toBe("4096");
    expect(res.headers["icy-name"]).toBe("Electric Ledger Test Radio");
    const body = await firstBytes(res, 4096 * 3);
    expect(body.includes(ICY_TITLE)).toBe(true);
    req.destroy();
  });

  it("fans one upstream out to the listeners asking for ICY metadata, each framed from their first byte", async () => {
    const up = await upstream({ realTime: true, bytesPerSecond: 64 * 1024, metaInt: 4096 });
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    const first = await listen(p.url("/api/stream?port=8076"), {
      "icy-metadata": "1",
      "x-forwarded-for": "203.0.113.1",
    });
    // Joins mid-stream, where the station's own blocks fall elsewhere in its bytes.
    await firstBytes(first.res, 5000);
    first.res.resume();
    const late = await listen(p.url("/api/stream?port=8076"), {
      "icy-metadata": "1",
      "x-forwarded-for": "203.0.113.2",
    });
    const plain = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "203.0.113.3" });
    // One connection for the metadata listeners, one for plain audio.
    expect(up.requests.map((r) => r.headers["icy-metadata"])).toEqual(["1", undefined]);
    expect(late.res.headers["icy-metaint"]).toBe("4096");
    const body = await firstBytes(late.res, 4 * 4097 + 2 * ICY_TITLE.length);
    // Audio, then the current title, then audio and empty blocks until the title changes.
    const audio: Buffer[] = [];
    const blocks: Buffer[] = [];
    for (let at = 0; at + 4096 < body.length; ) {
      audio.push(body.subarray(at, at + 4096));
      const length = (body[at + 4096] ?? 0) * 16;
      blocks.push(body.subarray(at + 4097, at + 4097 + length));
      at += 4097 + length;
    }
    expect(blocks[0]?.toString("latin1").replace(/\0+$/, "")).toBe(ICY_TITLE);
    expect(blocks.slice(1).every((b) => b.length === 0)).toBe(true);
    const loop = toneLoop(Buffer.concat(audio).length + TONE_MP3.length);
    expect(loop.indexOf(Buffer.concat(audio))).toBeGreaterThanOrEqual(0);
    expect(plain.res.headers["icy-metaint"]).toBeUndefined();
    expect(up.requests).toHaveLength(2);
    for (const l of [first, late, plain]) l.req.destroy();
    await expect.poll(() => up.openSockets()).toBe(0);
  });

  it("strips ICY metadata that a station sends unasked", async () => {
    const up = await upstream({ alwaysIcy: true, metaInt: 4096 });
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    const { req, res } = await listen(p.url("/api/stream?port=8076"));
    expect(res.headers["icy-metaint"]).toBeUndefined();
    const body = await firstBytes(res, TONE_MP3.length * 2);
    expect(body.includes(ICY_TITLE)).toBe(false);
    expect(body.equals(toneLoop(body.length))).toBe(true);
    req.destroy();
  });

  it("answers HEAD with the stream's headers and hangs up on the station", async () => {
    const up = await upstream({ realTime: true });
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    const { res } = await listen(p.url("/api/stream?port=8076"), {}, "HEAD");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/mpeg");
    expect(await text(res)).toBe("");
    await expect.poll(() => up.openSockets()).toBe(0);
    await expect.poll(() => p.listeners()).toBe(0);
  });

  it("answers HEAD from the running stream without another upstream connection", async () => {
    const up = await upstream({ realTime: true });
    const p = await proxy({ streamUrl: up.url("/stream/{port}") });
    const listener = await listen(p.url("/api/stream?port=8076"), { "x-forwarded-for": "203.0.113.1" });
    await firstBytes(listener.res, 1000);
    for (let i = 0; i < 5; i++) {
      const { res } = await listen(
        p.url("/api/stream?port=8076"),
        { "x-forwarded-for": "203.0.113.2" },
        "HEAD",
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("audio/mpeg");
      expect(await text(res)).toBe("");
    }
    expect(up.requests).toHaveLength(1);
    await expect.poll(() => p.listeners()).toBe(1);
    // The listener still gets audio.
    listener.res.resume();
    await firstBytes(listener.res, 1000);
    listener.req.destroy();
    await expect.poll(() => up.openSockets()).toBe(0);
  });
});

describe("createRadioRouter", () => {
  it("mounts the stream at /api/stream from the configuration and refuses other methods", async () => {
    const up = await upstream();
    const app = express();
    app.use(
      createRadioRouter({
        RADIO_STREAM_URL: up.url("/stream/{port}"),
        RADIO_ALLOWED_PORTS: [8076],
        RADIO_MAX_LISTENERS: 200,
        RADIO_MAX_PER_CLIENT: 3,
      }),
    );
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    cleanup.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ok = await listen(`${base}/api/stream?port=8076`);
    expect(ok.res.statusCode).toBe(200);
    ok.req.destroy();
    const post = await listen(`${base}/api/stream?port=8076`, {}, "POST");
    expect(post.res.statusCode).toBe(405);
    expect(post.res.headers.allow).toBe("GET, HEAD");
  });
});
