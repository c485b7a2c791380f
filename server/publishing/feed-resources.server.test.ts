import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "#server/http/security.server.ts";
import { feedResourcesCrossOrigin } from "./feed-resources.server.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders());
  app.use(feedResourcesCrossOrigin);
  app.use((_req, res) => void res.send("ok"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const corp = async (path: string) => (await fetch(base + path)).headers.get("cross-origin-resource-policy");

describe("our feed's resources for web feed readers", () => {
  it("serves /rss.xml, its channel image and the posts' images cross-origin", async () => {
    for (const path of [
      "/rss.xml",
      "/images/rss-logo.png",
      "/images/blog/plug.png",
      "/images/blog/plug-480.webp",
    ]) {
      expect(await corp(path), path).toBe("cross-origin");
    }
  });

  it("keeps everything else same-origin", async () => {
    for (const path of [
      "/",
      "/technology",
      "/images/samples/bus.svg",
      "/img",
      "/api/articles",
      "/rss.xml/x",
    ]) {
      expect(await corp(path), path).toBe("same-origin");
    }
  });
});
