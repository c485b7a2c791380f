/**
 * Publications across processes (issue 30, ADR 0017): two app processes on one PostgreSQL (a scratch
 * schema), one PUBLICATIONS_DIR. A folder that appears, changes or goes takes effect in both,
 * each by its own check of the directory, with each host reading only its own feeds.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./app.ts";
import { parseConfig } from "./config.server.ts";
import { bossSchema } from "./ingest/shared-polling.server.ts";
import { type FeedServer, respond, startFeedServer } from "./ingest/testing/feed-server.ts";
import { generateRss } from "./ingest/testing/generate.ts";
import { createSchema, dropSchema, storeKinds } from "./store/testing/stores.ts";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 30_000 });

const postgres = (await storeKinds()).includes("postgres");
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two publishers' feeds, told apart by their links. */
let publisher: FeedServer;
beforeAll(async () => {
  publisher = await startFeedServer({
    "/harbour.xml": respond(generateRss({ items: 3, site: "https://harbour-news.example", guidPrefix: "h" })),
    "/valley.xml": respond(generateRss({ items: 3, site: "https://valley-news.example", guidPrefix: "v" })),
    "/ridge.xml": respond(generateRss({ items: 3, site: "https://ridge-news.example", guidPrefix: "r" })),
  });
  return () => publisher.close();
});

function writePublication(dir: string, slug: string, feed: string) {
  mkdirSync(path.join(dir, slug), { recursive: true });
  writeFileSync(
    path.join(dir, slug, "publication.json"),
    JSON.stringify({
      name: `${slug} news`,
      tagline: "Local",
      hosts: [`${slug}.localhost`],
      feeds: { local: [publisher.url(`/${feed}.xml`)] },
    }),
  );
}

/** GET with a Host header (fetch does not let one be set): the status and, for JSON, the body. */
function get(base: string, host: string, pathname: string): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers: { host } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body });
        });
      })
      .on("error", reject);
  });
}

/** Which publishers' links a host's local section shows, or its status when it has none. */
async function localNews(base: string, slug: string): Promise<string> {
  const { status, body } = await get(base, `${slug}.localhost`, "/api/articles?section=local");
  if (status !== 200) return String(status);
  const links = (body as { articles: { link: string }[] }).articles.map((a) => new URL(a.link).host);
  return [...new Set(links)].sort().join(" ") || "none";
}

describe.runIf(postgres)("publications across processes on PostgreSQL", () => {
  it("a folder that appears, changes or goes takes effect in every process; each host reads its own feeds", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "publications-processes-"));
    const { schema, url } = await createSchema();
    cleanups.push(async () => {
      rmSync(dir, { recursive: true, force: true });
      await dropSchema(schema);
      await dropSchema(bossSchema(url));
    });
    writePublication(dir, "harbour", "harbour");
    const serve = async () => {
      const config = parseConfig({
        DATABASE_URL: url,
        SITE_URL: "http://localhost:3000",
        PUBLICATIONS_DIR: dir,
        PUBLICATIONS_RELOAD_SECONDS: "1",
        FEEDS_INGEST: "inline",
        SAMPLE_FALLBACK: "off",
        FEED_REFRESH_MINUTES: "0.05",
        FEEDS_ALLOW_PRIVATE: "on",
        NEWSLETTER_SEND_AT: "off",
      });
      const app = createApp({ config, startMail: false });
      await app.locals.ready;
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      cleanups.push(async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await (app.locals.close as () => Promise<void>)();
      });
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    const processes = [await serve(), await serve()];
    const inEvery = (slug: string, expected: string) =>
      vi.waitFor(
        async () => {
          for (const base of processes) expect(await localNews(base, slug)).toBe(expected);
        },
        { timeout: 30_000, interval: 200 },
      );

    await inEvery("harbour", "harbour-news.example");
    // No folder names the host yet.
    for (const base of processes) expect(await localNews(base, "valley")).toBe("404");

    // A new folder: served by both, with its own feed (fetched once it is listed).
    writePublication(dir, "valley", "valley");
    await inEvery("valley", "valley-news.example");
    await inEvery("harbour", "harbour-news.example");

    // Its list changes: both read the new feed, and only it.
    writePublication(dir, "valley", "ridge");
    await inEvery("valley", "ridge-news.example");

    // The folder goes: its host names no publication in either process; the other still serves.
    rmSync(path.join(dir, "valley"), { recursive: true });
    await inEvery("valley", "404");
    await inEvery("harbour", "harbour-news.example");
  });
});
