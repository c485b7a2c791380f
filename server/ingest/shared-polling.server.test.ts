import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFeedsApi } from "#server/news/api.server.ts";
import { createFeedEngine, type FeedEngine } from "#server/news/engine.server.ts";
import { openStore } from "#server/store/open.server.ts";
import { createSchema, dropSchema, storeKinds } from "#server/store/testing/stores.ts";
import { bossSchema } from "./shared-polling.server.ts";
import { type FeedServer, fixture, type Route, respond, startFeedServer } from "./testing/feed-server.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const postgres = (await storeKinds()).includes("postgres");
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("bossSchema", () => {
  it("puts pg-boss beside the store's schema", () => {
    expect(bossSchema("postgres://u@h/db")).toBe("pgboss");
    expect(bossSchema("postgres://u@h/db?options=-c%20search_path%3Dt_ab12")).toBe("t_ab12_pgboss");
  });
});

describe.runIf(postgres)("feed polling shared through the job queue", () => {
  const REFRESH_MINUTES = 0.05; // 3 s cycles

  async function setUp() {
    const times = new Map<string, number[]>();
    const route = (path: string) => {
      const send = respond(fixture("rss2-basic.xml"));
      return (req: Parameters<typeof send>[0], res: Parameters<typeof send>[1]) => {
        times.set(path, [...(times.get(path) ?? []), Date.now()]);
        return send(req, res);
      };
    };
    const publisher = await startFeedServer({ "/a.xml": route("/a.xml"), "/b.xml": route("/b.xml") });
    cleanups.push(() => publisher.close());
    const { schema, url } = await createSchema();
    cleanups.push(async () => {
      await dropSchema(schema);
      await dropSchema(bossSchema(url));
    });
    const feeds = new Map([
      ["technology" as const, [publisher.url("/a.xml")]],
      ["business" as const, [publisher.url("/b.xml")]],
    ]);
    const engine = (polling: "shared" | "off", { sampleFallback = false } = {}): FeedEngine => {
      const e = createFeedEngine({
        feeds,
        store: { dataDir: "", databaseUrl: url },
        polling,
        refreshMinutes: REFRESH_MINUTES,
        retentionDays: 30,
        allowPrivate: true,
        sampleFallback,
        siteUrl: "https://news.example",
        fetchTimeoutMs: 2000,
        logger: quiet,
      });
      cleanups.push(() => e.stop());
      return e;
    };
    return { publisher, times, engine, url };
  }

  // Bounded by the test's own timeout, well under COLD_WAIT_MS: the wait must end when a feed is
  // reached, not when every feed has been tried (business's never is: no process works the queue).
  it("a web process's ticker on a fresh store stops waiting once another process reached a feed", async () => {
    const { publisher, engine, url } = await setUp();
    const web = engine("off", { sampleFallback: true });
    const ticker = web.latestArticles(6);
    await new Promise((r) => setTimeout(r, 500));
    const other = openStore({ dataDir: "", databaseUrl: url }).store;
    cleanups.push(() => other.close());
    const at = new Date().toISOString();
    await other.feeds.saveSuccess(publisher.url("/a.xml"), { items: [] }, at, at);
    // Reached: no samples, and no wait for business's first try.
    expect(await ticker).toEqual({ articles: [], sample: false });
  }, 10_000);

  it("two processes fetch each feed once per cycle between them, and one alone keeps polling", async () => {
    const { times, engine } = await setUp();
    const one = engine("shared");
    const two = engine("shared");
    one.start();
    two.start();
    await vi.waitFor(
      () => {
        for (const path of ["/a.xml", "/b.xml"])
          expect(times.get(path)?.length ?? 0).toBeGreaterThanOrEqual(3);
      },
      { timeout: 45_000, interval: 100 },
    );
    // Two schedulers of their own would each fetch every feed at boot and every cycle: pairs a
    // moment apart. Shared, consecutive fetches of a feed are about a cycle (3 s) apart: never within 1 s.
    for (const path of ["/a.xml", "/b.xml"]) {
      const t = times.get(path) ?? [];
      const gaps = t.slice(1).map((at, i) => at - (t[i] ?? 0));
      for (const gap of gaps) expect(gap, path).toBeGreaterThan(1000);
    }
    await one.stop();
    const before = new Map([...times].map(([k, v]) => [k, v.length]));
    await vi.waitFor(
      () => {
        for (const path of ["/a.xml", "/b.xml"])
          expect(times.get(path)?.length ?? 0).toBeGreaterThanOrEqual((before.get(path) ?? 0) + 2);
      },
      { timeout: 45_000, interval: 100 },
    );
  });

  it("the last cycle job a process ran is its lastCycle, in /api/health/feeds too", async () => {
    const { engine } = await setUp();
    const one = engine("shared");
    const web = engine("off");
    const since = Date.now();
    one.start();
    web.start();
    // The first cycle finds both feeds due (never fetched) and queues both.
    await vi.waitFor(() => expect(one.lastCycle()).toMatchObject({ feeds: 2, shared: true }), {
      timeout: 30_000,
      interval: 100,
    });
    const first = one.lastCycle();
    expect(Date.parse(first?.startedAt ?? "")).toBeGreaterThanOrEqual(since - 1000);
    expect(first?.ms).toBeGreaterThanOrEqual(0);
    // Later cycles (3 s apart) replace it; a web process runs none.
    await vi.waitFor(() => expect(one.lastCycle()?.startedAt).not.toBe(first?.startedAt), {
      timeout: 30_000,
      interval: 100,
    });
    expect(web.lastCycle()).toBeUndefined();
    const app = express().use(createFeedsApi(one));
    const api = app.listen(0, "127.0.0.1");
    cleanups.push(() => new Promise((resolve) => api.close(() => resolve())));
    await new Promise((resolve) => api.once("listening", resolve));
    const res = await fetch(`http://127.0.0.1:${(api.address() as AddressInfo).port}/api/health/feeds`);
    const { lastCycle } = (await res.json()) as { lastCycle: unknown };
    expect(lastCycle).toMatchObject({
      startedAt: expect.any(String),
      feeds: expect.any(Number),
      shared: true,
    });
  });

  it("a web process never polls; a cold section asks the queue, and an ingest process fetches it", async () => {
    const { times, engine } = await setUp();
    const web = engine("off");
    web.start();
    const ingest = engine("shared");
    // Nothing works the queue yet: the web process's request waits in it.
    const section = web.getSectionArticles("technology");
    ingest.start();
    expect((await section).articles.length).toBeGreaterThan(0);
    expect(times.get("/a.xml")?.length ?? 0).toBeGreaterThan(0);
  });

  /**
   * One process, then another on the same database (the first stopped, as when it dies or is
   * replaced): what the second does can only come from state the first left in the shared tables.
   * Each process names itself in its User-Agent (the site URL), so the publisher can tell them apart.
   */
  async function oneThenOther(routes: Record<string, Route>) {
    const publisher = await startFeedServer(routes);
    cleanups.push(() => publisher.close());
    const { schema, url } = await createSchema();
    cleanups.push(async () => {
      await dropSchema(schema);
      await dropSchema(bossSchema(url));
    });
    const feeds = new Map([["technology" as const, Object.keys(routes).map((p) => publisher.url(p))]]);
    const engine = (name: string): FeedEngine => {
      const e = createFeedEngine({
        feeds,
        store: { dataDir: "", databaseUrl: url },
        polling: "shared",
        refreshMinutes: REFRESH_MINUTES,
        retentionDays: 30,
        allowPrivate: true,
        sampleFallback: false,
        siteUrl: `https://${name}.example`,
        fetchTimeoutMs: 2000,
        logger: quiet,
      });
      cleanups.push(() => e.stop());
      return e;
    };
    const store = openStore({ dataDir: "", databaseUrl: url }).store;
    cleanups.push(() => store.close());
    const by = (name: string, path: string) =>
      publisher.requests.filter((r) => r.path === path && String(r.headers["user-agent"]).includes(name));
    return { publisher, engine, store, by };
  }

  it("a feed that failed in one process is skipped by the other's cycles until its next check time", async () => {
    let down = true;
    const feed = respond(fixture("rss2-basic.xml"));
    const { publisher, engine, store, by } = await oneThenOther({
      "/ok.xml": feed,
      // Retry-After puts the next check an hour away, far beyond the test.
      "/down.xml": (req, res) =>
        down ? void res.writeHead(429, { "retry-after": "3600" }).end() : feed(req, res),
    });
    const downUrl = publisher.url("/down.xml");
    const one = engine("one");
    one.start();
    await vi.waitFor(async () => expect((await store.feeds.feed(downUrl))?.consecutiveFailures).toBe(1), {
      timeout: 30_000,
      interval: 100,
    });
    await one.stop();
    const two = engine("two");
    two.start();
    // Two whole cycles of the other process: it fetches the healthy feed and leaves the failed one.
    await vi.waitFor(() => expect(by("two", "/ok.xml").length).toBeGreaterThanOrEqual(2), {
      timeout: 30_000,
      interval: 100,
    });
    expect(by("two", "/down.xml")).toEqual([]);
    // Its next check time comes (moved to now): the other process's next cycle fetches it.
    down = false;
    await store.feeds.setNextCheck(downUrl, new Date().toISOString());
    await vi.waitFor(async () => expect((await store.feeds.feed(downUrl))?.consecutiveFailures).toBe(0), {
      timeout: 30_000,
      interval: 100,
    });
    expect(by("two", "/down.xml")).toHaveLength(1);
  });

  it("an ETag and Last-Modified stored by one process are sent back by the other", async () => {
    const stamp = "Tue, 14 May 2024 10:00:00 GMT";
    const { engine, by } = await oneThenOther({
      "/cond.xml": (req, res) => {
        if (req.headers["if-none-match"] === '"v1"') return void res.writeHead(304).end();
        res.writeHead(200, { etag: '"v1"', "last-modified": stamp }).end(fixture("rss2-basic.xml"));
      },
    });
    const one = engine("one");
    one.start();
    await vi.waitFor(() => expect(by("one", "/cond.xml").length).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 100,
    });
    await one.stop();
    const two = engine("two");
    two.start();
    await vi.waitFor(() => expect(by("two", "/cond.xml").length).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 100,
    });
    expect(by("one", "/cond.xml")[0]?.headers["if-none-match"]).toBeUndefined();
    const [asked] = by("two", "/cond.xml") as FeedServer["requests"];
    expect(asked?.headers["if-none-match"]).toBe('"v1"');
    expect(asked?.headers["if-modified-since"]).toBe(stamp);
    // The 304 kept the articles the first process stored.
    expect((await two.getSectionArticles("technology")).articles).toHaveLength(5);
  });
});
