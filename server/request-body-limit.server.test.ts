import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitRequestBodies } from "./request-body-limit.server.ts";

describe("limitRequestBodies", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    const app = express();
    app.use(limitRequestBodies(100));
    app.all("/form", async (req, res) => {
      let size = 0;
      for await (const chunk of req) size += (chunk as Buffer).length;
      res.send(`read ${size}`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("lets small forms and body-less requests through", async () => {
    expect(await (await fetch(`${base}/form`, { method: "POST", body: "a=1" })).text()).toBe("read 3");
    expect(await (await fetch(`${base}/form`)).text()).toBe("read 0");
    expect(await (await fetch(`${base}/form`, { method: "POST" })).text()).toBe("read 0");
  });

  it("refuses a declared length over the limit before reading it, and closes the connection", async () => {
    const res = await fetch(`${base}/form`, { method: "POST", body: "x".repeat(101) });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(await res.text()).toBe("That form is too large to send. Please shorten it and try again.");
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
