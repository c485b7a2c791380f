import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { type PartnerDocument, partnerDocuments } from "#content/partners.ts";
import { embeds } from "#content/site.ts";
import { type CspOptions, embedOrigins, securityHeaders } from "./security.server.ts";

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
    // No nonce beside 'unsafe-inline': a browser that sees a nonce ignores 'unsafe-inline'.
    expect(directives.get("script-src")).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(directives.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
  });

  it("in production, every other directive allows our origin and the configured embeds only", async () => {
    const { directives } = await headersOf();
    const embedded = [
      ...embeds.videoOrigins,
      new URL(embeds.eventsWall.url).origin,
      // Partner documents are our own files (relative URLs): already 'self'.
    ];
    expect(partnerDocuments.every((d) => d.embedUrl.startsWith("/"))).toBe(true);
    expect(embedded).toContain("https://www.youtube-nocookie.com");
    expect(directives.get("img-src")).toEqual(["'self'", "data:", ...embedded]);
    expect(directives.get("frame-src")).toEqual(["'self'", ...embedded]);
    expect(directives.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get("connect-src")).toEqual(["'self'"]);
    for (const name of ["font-src", "media-src", "manifest-src", "worker-src"]) {
      expect(directives.get(name), name).toEqual(["'self'"]);
    }
    // Nothing beyond the directives named here (helmet's defaults are off).
    expect([...directives.keys()].sort()).toEqual(
      [
        "default-src",
        "base-uri",
        "script-src",
        "script-src-attr",
        "style-src",
        "img-src",
        "font-src",
        "connect-src",
        "media-src",
        "frame-src",
        "object-src",
        "form-action",
        "frame-ancestors",
        "manifest-src",
        "worker-src",
      ].sort(),
    );
  });

  it("adds the extra frame origins to frame-src and img-src, and extra image origins to img-src only", async () => {
    const { directives } = await headersOf({
      frames: ["https://player.example/embed/1", "/local-frame"],
      images: ["https://img.example"],
    });
    const frameSrc = directives.get("frame-src") ?? [];
    const imgSrc = directives.get("img-src") ?? [];
    expect(frameSrc).toContain("https://player.example");
    expect(frameSrc).not.toContain("https://img.example");
    expect(imgSrc).toContain("https://player.example");
    expect(imgSrc.at(-1)).toBe("https://img.example");
  });

  it("limits powerful browser features on every page", async () => {
    const { res } = await headersOf();
    const policy = new Map(
      (res.headers.get("permissions-policy") ?? "").split(", ").map((p) => {
        const [name = "", allow = ""] = p.split("=");
        return [name, allow];
      }),
    );
    for (const feature of [
      "accelerometer",
      "camera",
      "geolocation",
      "gyroscope",
      "magnetometer",
      "microphone",
      "payment",
      "usb",
      "browsing-topics",
    ]) {
      expect(policy.get(feature), feature).toBe("()");
    }
    expect(policy.get("autoplay")).toBe("(self)");
    // The home page's video may go full screen from its player's origin.
    expect(policy.get("fullscreen")).toBe('(self "https://www.youtube-nocookie.com")');
  });
});

describe("embedOrigins", () => {
  it("gives the http(s) origins of the configured embeds and the extra URLs, each once", () => {
    const configured = embedOrigins();
    expect(configured).toEqual([...embeds.videoOrigins, new URL(embeds.eventsWall.url).origin]);
    expect(
      embedOrigins([
        "https://a.example/x",
        "https://a.example/y?z",
        "http://b.example:8080/",
        "/relative",
        "javascript:alert(1)",
        "data:text/html,x",
        "ftp://c.example/",
        "not a url",
      ]),
    ).toEqual([...configured, "https://a.example", "http://b.example:8080"]);
  });
});

describe("embedOrigins with a partner document hosted elsewhere", () => {
  it("allows the partner's origin, as the document is shown in a frame", () => {
    partnerDocuments.push({
      ...(partnerDocuments[0] as PartnerDocument),
      embedUrl: "https://docs.partner.example/r.pdf",
    });
    try {
      expect(embedOrigins()).toContain("https://docs.partner.example");
    } finally {
      partnerDocuments.pop();
    }
  });
});

describe("securityHeaders with an ad script configured", () => {
  const mutable = embeds as { adScript: string | null };
  afterEach(() => {
    mutable.adScript = null;
  });

  it("allows scripts from the ad script's origin, and none when it is not http(s)", async () => {
    mutable.adScript = "https://ads.example/tag.js?id=1";
    const withAd = await headersOf();
    const script = withAd.directives.get("script-src");
    expect(script).toEqual(["'self'", `'nonce-${withAd.nonce}'`, "https://ads.example"]);
    mutable.adScript = "javascript:alert(1)";
    const bad = await headersOf();
    expect(bad.directives.get("script-src")).toEqual(["'self'", `'nonce-${bad.nonce}'`]);
  });
});
