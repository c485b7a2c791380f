import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";

/**
 * Test support: a local radio station. `/stream/<anything>` serves a real MP3 (our own four-second
 * tone, tests/fixtures/radio) looped without end, as Icecast does, with ICY metadata interleaved
 * when the listener asks for it (or always, with `alwaysIcy`). Other paths misbehave on purpose.
 */
export const TONE_MP3 = readFileSync(join(import.meta.dirname, "../../../tests/fixtures/radio/tone.mp3"));

/** The tone is 32 kbit/s constant bit rate. */
const BYTES_PER_SECOND = 4000;
const BURST_BYTES = 65_535;

export type FakeUpstreamOptions = {
  port?: number;
  host?: string;
  /**
   * Send in real time after a 64 KB burst, as Icecast does by default (`burst-size`), so players
   * can start at once; false sends as fast as the reader takes it.
   */
  realTime?: boolean;
  /**
   * Real time at this rate instead of the tone's 4,000 bytes/s: a test can fill a paused
   * listener's socket buffers in a second rather than minutes.
   */
  bytesPerSecond?: number;
  /** Interleave ICY metadata even when the listener did not ask for it. */
  alwaysIcy?: boolean;
  /** Audio bytes between ICY metadata blocks. */
  metaInt?: number;
};

export type FakeUpstream = {
  port: number;
  url(path: string): string;
  /** Every request received, in order. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  /** TCP connections open right now. */
  openSockets(): number;
  /** Stream responses whose writes are waiting for the reader (backpressure reached the station). */
  blockedStreams(): number;
  /** Audio and metadata bytes written to all listeners so far. */
  bytesSent(): number;
  close(): Promise<void>;
};

export const ICY_TITLE = "StreamTitle='The Electric Ledger test tone';";

/** One ICY metadata block: a length byte (in 16-byte units), then the text padded with NULs. */
export function icyBlock(text: string): Buffer {
  const body = Buffer.from(text, "utf8");
  const units = Math.ceil(body.length / 16);
  const block = Buffer.alloc(1 + units * 16);
  block[0] = units;
  body.copy(block, 1);
  return block;
}

export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const { realTime = false, alwaysIcy = false, metaInt = 8192, bytesPerSecond = BYTES_PER_SECOND } = options;
  const sockets = new Set<Socket>();
  const requests: FakeUpstream["requests"] = [];
  const blocked = new Set<ServerResponse>();
  let sent = 0;

  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, headers: req.headers });
    if (path === "/healthz") return void res.writeHead(200).end("ok");
    // Accepts the request and never answers: a station that hangs.
    if (path.startsWith("/silent")) return;
    // Answers headers, then no audio.
    if (path.startsWith("/headers-only")) return void res.writeHead(200, { "content-type": "audio/mpeg" });
    if (path.startsWith("/html"))
      return void res.writeHead(200, { "content-type": "text/html" }).end("<p>hi");
    if (path.startsWith("/missing")) return void res.writeHead(404).end("no such mount");
    if (!path.startsWith("/stream")) return void res.writeHead(404).end("not found");

    const icy = alwaysIcy || req.headers["icy-metadata"] === "1";
    res.writeHead(200, {
      "content-type": "audio/mpeg",
      "icy-name": "Electric Ledger Test Radio",
      "icy-br": "32",
      ...(icy ? { "icy-metaint": String(metaInt) } : {}),
    });
    let offset = 0; // position in the tone
    let untilMeta = metaInt;
    let closed = false;
    res.on("close", () => {
      closed = true;
      blocked.delete(res);
    });

    /** The next `size` bytes of the endless stream, metadata included. */
    const next = (size: number): Buffer => {
      const parts: Buffer[] = [];
      let left = size;
      while (left > 0) {
        const take = Math.min(left, TONE_MP3.length - offset, icy ? untilMeta : Number.POSITIVE_INFINITY);
        parts.push(TONE_MP3.subarray(offset, offset + take));
        offset = (offset + take) % TONE_MP3.length;
        left -= take;
        if (icy) {
          untilMeta -= take;
          if (untilMeta === 0) {
            parts.push(icyBlock(ICY_TITLE));
            untilMeta = metaInt;
          }
        }
      }
      return Buffer.concat(parts);
    };

    const write = (chunk: Buffer): boolean => {
      sent += chunk.length;
      return res.write(chunk);
    };

    if (realTime) {
      write(next(BURST_BYTES));
      const timer = setInterval(() => {
        if (closed) return clearInterval(timer);
        // A station does not wait for slow listeners; the kernel and Node buffer for them.
        write(next(Math.round(bytesPerSecond / 4)));
      }, 250);
      res.on("close", () => clearInterval(timer));
      return;
    }
    const pump = () => {
      while (!closed) {
        if (!write(next(16 * 1024))) {
          blocked.add(res);
          res.once("drain", () => {
            blocked.delete(res);
            pump();
          });
          return;
        }
      }
    };
    pump();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    openSockets: () => sockets.size,
    blockedStreams: () => blocked.size,
    bytesSent: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
