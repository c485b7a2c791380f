import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { type CspOptions, securityHeaders } from "./security.server.ts";

/** The headers one request gets from securityHeaders(options), and the nonce the page saw. */
async function headersOf(options: CspOptions = {}) {
  const app = express()
    .use(securityHeaders(options))
    .get("/", (_req, res) => void res.send(String(res.locals.cspNonce)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const nonce = await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    const directives = new Map(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name = "", ...values]) => [name, values]),
    );
    return { res, nonce, csp, directives };
  } finally {
    server.close();
  }
}

describe("securityHeaders", () => {
  it("in production, scripts run only from our origin or with this request's fresh nonce", async () => {
    const a = await headersOf({ connect: ["https://ai.example"] });
    const b = await headersOf({ connect: ["https://ai.example"] });
    expect(a.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a.nonce).not.toBe(b.nonce);
    const script = a.directives.get("script-src") ?? [];
    expect(script).toContain("'self'");
    expect(script).toContain(`'nonce-${a.nonce}'`);
    expect(a.csp).not.toContain("'unsafe-eval'");
    expect(script).not.toContain("'unsafe-inline'");
    expect(a.directives.get("script-src-attr")).toEqual(["'none'"]);
    expect(a.directives.get("object-src")).toEqual(["'none'"]);
    expect(a.directives.get("base-uri")).toEqual(["'self'"]);
    expect(a.directives.get("frame-ancestors")).toEqual(["'self'"]);
    expect(a.directives.get("form-action")).toEqual(["'self'"]);
    expect(a.directives.get("default-src")).toEqual(["'self'"]);
    expect(a.directives.get("connect-src")).toEqual(["'self'", "https://ai.example"]);
    // Plain http (a local run): no upgrade, no HSTS.
    expect(a.directives.has("upgrade-insecure-requests")).toBe(false);
    expect(a.res.headers.get("strict-transport-security")).toBeNull();
  });

  it("sets the other headers every response carries", async () => {
    const { res } = await headersOf();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(res.headers.get("cross-origin-embedder-policy")).toBeNull();
    const permissions = res.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(permissions).toContain(`${feature}=()`);
    }
  });

  it("behind https, upgrades insecure requests and sends HSTS", async () => {
    const { res, directives } = await headersOf({ https: true });
    expect(directives.get("upgrade-insecure-requests")).toEqual([]);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
  });

  it("only Vite's dev server gets inline and eval'd scripts and websockets", async () => {
    const { directives } = await headersOf({ dev: true });
    expect(directives.get("script-src")).toEqual(
      expect.arrayContaining(["'unsafe-inline'", "'unsafe-eval'"]),
    );
    expect(directives.get("connect-src")).toEqual(expect.arrayContaining(["ws:", "wss:"]));
  });
});
