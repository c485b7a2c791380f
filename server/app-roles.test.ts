/**
 * ROLE wiring (server/app.ts): an ingest process answers only /healthz and polls the feeds; a web
 * process serves and never polls, so its cold sections are filled by whichever process works the
 * queue. On one PostgreSQL (a scratch schema), with a local publisher.
 */
import { rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./app.ts";
import { parseConfig } from "./config.server.ts";
import { bossSchema } from "./ingest/shared-polling.server.ts";
import { type FeedServer, fixture, respond, startFeedServer } from "./ingest/testing/feed-server.ts";
import { createFeedEngine, feedEngineSettings } from "./news/engine.server.ts";
import { createSchema, dropSchema, storeKinds } from "./store/testing/stores.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const postgres = (await storeKinds()).includes("postgres");
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The app's own name in its feed fetches' User-Agent (SITE_URL); the test's ingest engine has another. */
const APP_SITE = "https://app.example";

/** One publisher and feeds file for the file (the app's engine reads the app's config; the worker's, the environment). */
let publisher: FeedServer;
let feedsFile: string;
beforeAll(async () => {
  publisher = await startFeedServer({ "/a.xml": respond(fixture("rss2-basic.xml")) });
  feedsFile = path.join(tmpdir(), `feeds-app-${process.pid}.json`);
  writeFileSync(feedsFile, JSON.stringify({ technology: [publisher.url("/a.xml")] }));
  vi.stubEnv("FEEDS_CONFIG", feedsFile);
  vi.stubEnv("FEED_REFRESH_MINUTES", "0.05"); // 3 s cycles
  vi.stubEnv("SITE_URL", APP_SITE);
  vi.stubEnv("SAMPLE_FALLBACK", "off");
  return async () => {
    vi.unstubAllEnvs();
    rmSync(feedsFile, { force: true });
    await publisher.close();
  };
});

/** A scratch schema for one test; the publisher's log starts empty. */
async function setUp() {
  publisher.requests.splice(0);
  const { schema, url } = await createSchema();
  cleanups.push(async () => {
    await dropSchema(schema);
    await dropSchema(bossSchema(url));
  });
  const serve = async (role: "web" | "ingest") => {
    const config = parseConfig({
      ROLE: role,
      DATABASE_URL: url,
      SITE_URL: APP_SITE,
      FEEDS_INGEST: "inline",
      SAMPLE_FALLBACK: "off",
      FEEDS_CONFIG: feedsFile,
      FEED_REFRESH_MINUTES: "0.05",
      FEEDS_ALLOW_PRIVATE: "on",
    });
    const app = createApp({ config });
    await app.locals.ready;
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    let closed: Promise<void> | undefined;
    const stop = () => {
      closed ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() =>
        (app.locals.close as () => Promise<void>)(),
      );
      return closed;
    };
    cleanups.push(stop);
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop };
  };
  const fetchesBy = (agent: string) =>
    publisher.requests.filter((r) => String(r.headers["user-agent"]).includes(agent)).length;
  return { url, serve, fetchesBy };
}

describe.runIf(postgres)("ROLE", () => {
  it("web serves and never polls (the queue fills its cold section); ingest answers only /healthz and polls", async () => {
    const { url, serve, fetchesBy } = await setUp();
    const web = await serve("web");
    expect((await fetch(`${web.base}/healthz`)).status).toBe(200);
    // A cold section: the web process asks the queue, and nothing works it yet.
    const cold = fetch(`${web.base}/api/articles?section=technology`).then((r) => r.json());
    const worker = createFeedEngine({
      ...feedEngineSettings(parseConfig(process.env)),
      store: { dataDir: "", databaseUrl: url },
      polling: "shared",
      siteUrl: "https://worker.example",
      logger: quiet,
    });
    cleanups.push(() => worker.stop());
    worker.start();
    expect(((await cold) as { articles: unknown[] }).articles.length).toBeGreaterThan(0);
    // The cold fetch and a cycle after it, with the web process alive: every fetch is the worker's.
    await vi.waitFor(() => expect(fetchesBy("worker.example")).toBeGreaterThanOrEqual(2), {
      timeout: 30_000,
      interval: 100,
    });
    expect(fetchesBy(APP_SITE)).toBe(0);
    await web.stop();
    await worker.stop();

    // Alone on the database, an ingest process polls, and answers nothing but its health check.
    const ingest = await serve("ingest");
    expect((await fetch(`${ingest.base}/healthz`)).status).toBe(200);
    for (const p of [
      "/",
      "/technology",
      "/api/articles?section=technology",
      "/api/health/feeds",
      "/rss.xml",
    ]) {
      const res = await fetch(ingest.base + p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toContain("ROLE=ingest");
    }
    const posted = await fetch(`${ingest.base}/contact`, {
      method: "POST",
      body: new URLSearchParams({ name: "A", email: "a@example.com", subject: "s", message: "m" }),
      headers: { origin: APP_SITE },
    });
    expect(posted.status).toBe(404);
    await vi.waitFor(() => expect(fetchesBy(APP_SITE)).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 100,
    });
  });
});
