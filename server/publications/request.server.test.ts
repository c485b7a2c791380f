import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { trustProxySetting } from "#server/http/forwarded.server.ts";
import { bundledIdentity } from "./bundled.server.ts";
import { createHostMap } from "./hosts.ts";
import type { Publication } from "./publication-file.ts";
import type { Publications } from "./registry.server.ts";
import { publicationSiteUrl, resolvePublication, type ServedPublication } from "./request.server.ts";

const publication = (slug: string, hosts: string[]): Publication => ({
  slug,
  hosts,
  feeds: new Map(),
  identity: { ...bundledIdentity, slug, title: slug },
});
const harbour = publication("harbour", ["harbour.example", "*.harbour.example"]);
const valley = publication("valley", ["*.valley.example"]);

function registry(fallback?: Publication): Publications {
  const map = createHostMap([harbour, valley].map((p) => [p.hosts, p] as const));
  const snapshot = {
    version: 1,
    bySlug: new Map([
      ["harbour", harbour],
      ["valley", valley],
    ]),
    problems: [],
    refused: [],
    resolve: (host: string | undefined) => map.resolve(host) ?? fallback,
  };
  return {
    current: () => snapshot,
    fromDir: true,
    reload: async () => false,
    watch: () => ({ stop() {} }),
    onChange: () => {},
  };
}

let server: ReturnType<express.Express["listen"]> | undefined;
afterEach(() => server?.close());

/** An app that answers with the served publication's slug and address. */
async function serve(trustProxy: string | undefined, fallback?: Publication) {
  const app = express();
  const trust = trustProxySetting(trustProxy);
  if (trust !== undefined) app.set("trust proxy", trust);
  app.use(resolvePublication(registry(fallback), "https://network.example:8443"));
  app.get("/", (_req, res) => {
    const served = res.locals.served as ServedPublication;
    res.json({ slug: served.publication.slug, siteUrl: served.siteUrl });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server?.once("listening", r));
  const port = (server.address() as AddressInfo).port;
  // node:http, not fetch: fetch sends its own Host whatever the headers say.
  return (headers: Record<string, string>) =>
    new Promise<{ status: number; text(): Promise<string>; json(): Promise<unknown> }>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            text: async () => body,
            json: async () => JSON.parse(body) as unknown,
          }),
        );
      });
      req.on("error", reject);
    });
}

describe("host → publication per request", () => {
  it("serves the Host header's publication at its own address, and a plain 404 naming none for others", async () => {
    const get = await serve(undefined);
    expect(await (await get({ host: "harbour.example" })).json()).toEqual({
      slug: "harbour",
      siteUrl: "https://harbour.example:8443",
    });
    // A wildcard-only publication is addressed by the name asked.
    expect(await (await get({ host: "news.valley.example:3000" })).json()).toEqual({
      slug: "valley",
      siteUrl: "https://news.valley.example:8443",
    });
    const none = await get({ host: "elsewhere.example" });
    expect(none.status).toBe(404);
    const text = await none.text();
    expect(text).toContain("No publication is served at this address.");
    expect(text).not.toMatch(/harbour|valley/i);
  });

  it("takes X-Forwarded-Host only from a trusted proxy (TRUST_PROXY)", async () => {
    const untrusted = await serve(undefined);
    expect(
      await (await untrusted({ host: "elsewhere.example", "x-forwarded-host": "harbour.example" })).status,
    ).toBe(404);
    server?.close();
    const trusted = await serve("on");
    expect(
      await (await trusted({ host: "10.0.0.5", "x-forwarded-host": "harbour.example" })).json(),
    ).toMatchObject({ slug: "harbour" });
  });

  it("gives unknown hosts DEFAULT_PUBLICATION's pages when one is named", async () => {
    const get = await serve(undefined, harbour);
    expect(await (await get({ host: "elsewhere.example" })).json()).toMatchObject({ slug: "harbour" });
  });

  it("keeps SITE_URL as the bundled site's address", () => {
    expect(publicationSiteUrl(harbour, "https://ledger.example", false)).toBe("https://ledger.example");
  });
});
