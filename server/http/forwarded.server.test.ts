import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFormOrigin, trustProxySetting } from "./forwarded.server.ts";

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", trustProxySetting("on"));
  app.get("/ip", (req, res) => void res.send(req.ip));
  app.use(checkFormOrigin("https://news.example"));
  app.post("/contact", (_req, res) => void res.send("stored"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("TRUST_PROXY", () => {
  it("maps on/off, hop counts and address lists to Express's trust proxy", () => {
    expect(trustProxySetting(undefined)).toBeUndefined();
    expect(trustProxySetting("off")).toBeUndefined();
    expect(trustProxySetting("on")).toBe(1);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting("loopback, 10.0.0.0/8")).toBe("loopback, 10.0.0.0/8");
  });

  it('"on" takes the address our proxy added (right-most), not one the client wrote', async () => {
    // The client sends a spoofed X-Forwarded-For; the proxy appends the address it saw.
    const { body } = await send("GET", "/ip", { "x-forwarded-for": "1.2.3.4, 198.51.100.20" });
    expect(body).toBe("198.51.100.20");
    const other = await send("GET", "/ip", { "x-forwarded-for": "5.6.7.8, 198.51.100.20" });
    expect(other.body).toBe("198.51.100.20");
  });
});

describe("checkFormOrigin", () => {
  it("lets through posts from this request's address, from SITE_URL (behind a TLS proxy) and without Origin", async () => {
    expect((await send("POST", "/contact", { origin: `http://127.0.0.1:${port}` })).body).toBe("stored");
    // The proxy speaks https to the reader and http to us, untrusted: SITE_URL says it is us.
    expect(
      (await send("POST", "/contact", { origin: "https://news.example", host: "10.0.0.5:3000" })).body,
    ).toBe("stored");
    expect((await send("POST", "/contact")).body).toBe("stored");
  });

  it("refuses a post from another site with a readable page", async () => {
    for (const origin of ["https://evil.example", "null", "http://news.example"]) {
      const res = await send("POST", "/contact", { origin });
      expect(res.status, origin).toBe(400);
      expect(res.type).toMatch(/^text\/html/);
      expect(res.body).toContain("<h1>Your form was not sent</h1>");
      expect(res.body).toContain('href="https://news.example/"');
    }
  });
});
