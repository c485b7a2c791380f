import type { Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitRequestBodies } from "./request-body-limit.server.ts";

/** A raw connection to the test server; `closed` gives all it said and the socket's error, if any. */
function rawConnection() {
  const socket = connect(rawPort, "127.0.0.1");
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  const closed = new Promise<{ text: string; error?: Error }>((resolve) => {
    let error: Error | undefined;
    socket.on("error", (e) => {
      error = e;
    });
    socket.on("close", () => resolve({ text, error }));
  });
  return { socket, closed };
}
let rawPort = 0;

describe("limitRequestBodies", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    const app = express();
    app.use(limitRequestBodies(100, 4 * 1024 * 1024));
    app.all("/form", async (req, res) => {
      let size = 0;
      for await (const chunk of req) size += (chunk as Buffer).length;
      res.send(`read ${size}`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    rawPort = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${rawPort}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("lets small forms and body-less requests through", async () => {
    expect(await (await fetch(`${base}/form`, { method: "POST", body: "a=1" })).text()).toBe("read 3");
    expect(await (await fetch(`${base}/form`)).text()).toBe("read 0");
    expect(await (await fetch(`${base}/form`, { method: "POST" })).text()).toBe("read 0");
  });

  it("refuses a declared length over the limit before any handler reads it, and closes the connection", async () => {
    const res = await fetch(`${base}/form`, { method: "POST", body: "x".repeat(101) });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(await res.text()).toBe("That form is too large to send. Please shorten it and try again.");
  });

  it("answers a client still uploading a few megabytes, instead of resetting its connection", async () => {
    const body = Buffer.alloc(2_000_000, "m");
    const { socket, closed } = rawConnection();
    socket.write(`POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`);
    // Uploaded the way a slow client does, in pieces with pauses, so the server has every chance
    // to answer and hang up mid-upload (before bodies were drained, it did: EPIPE or a reset).
    let sent = 0;
    while (sent < body.length && !socket.destroyed) {
      const piece = body.subarray(sent, sent + 100_000);
      await new Promise<void>((resolve) => socket.write(piece, () => resolve()));
      sent += piece.length;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(sent).toBe(body.length);
    const { text, error } = await closed;
    expect(error).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain("That form is too large to send.");
  });

  it("closes at once on a body too large to be worth reading", async () => {
    // Only the headers are sent: the refusal must not wait for bytes that never come.
    const { socket, closed } = rawConnection();
    socket.write(`POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n`);
    const { text, error } = await closed;
    expect(error).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain("connection: close");
  });

  it("refuses a streamed body of unknown length", async () => {
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode("a=1"));
        c.close();
      },
    });
    const res = await fetch(`${base}/form`, { method: "POST", body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(411);
    expect(await res.text()).toContain("its length was missing");
  });
});
