import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_PAGE } from "#domain/paging.ts";
import { StoreUnavailableError, UnknownSectionError } from "#server/ingest/errors.ts";
import type { FeedsConfig } from "#server/ingest/feeds-config.ts";
import { type FeedServer, fixture, respond, startFeedServer } from "#server/ingest/testing/feed-server.ts";
import { generateRss } from "#server/ingest/testing/generate.ts";
import { niceOf } from "#server/ingest/testing/threads.ts";
import { openStore } from "#server/store/open.server.ts";
import type { Store } from "#server/store/store.ts";
import {
  createSchema,
  dropSchema,
  openTestStore,
  type StoreKind,
  storeKinds,
} from "#server/store/testing/stores.ts";
import {
  createFeedEngine,
  type EngineLogger,
  type FeedEngine,
  type FeedEngineOptions,
} from "./engine.server.ts";

// Real sockets and processes: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const SITE = "https://news.example";
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(routes: Parameters<typeof startFeedServer>[0] = {}): Promise<FeedServer> {
  const s = await startFeedServer(routes);
  cleanups.push(() => s.close());
  return s;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "feed-engine-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

type LogEntry = { level: string; obj: Record<string, unknown>; msg: string };
function recorder() {
  const entries: LogEntry[] = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      entries.push({ level, obj: obj as Record<string, unknown>, msg });
    };
  const logger: EngineLogger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { entries, logger };
}

/** The engine's options, with a bare store (its location is then a temporary DATA_DIR) or a database. */
type TestOptions = Partial<Omit<FeedEngineOptions, "store">> & { store?: Store; databaseUrl?: string };

function engine(feeds: FeedsConfig, { store, databaseUrl, ...options }: TestOptions = {}): FeedEngine {
  const location = { dataDir: tempDir(), databaseUrl };
  const e = createFeedEngine({
    feeds,
    store: store ? { store, location, jobQueue: undefined } : location,
    refreshMinutes: 10,
    retentionDays: 30,
    allowPrivate: true,
    sampleFallback: true,
    siteUrl: SITE,
    fetchTimeoutMs: 2000,
    logger: recorder().logger,
    ...options,
  });
  cleanups.push(() => e.stop());
  return e;
}

const kinds = await storeKinds();

/** An engine on a fresh store of the kind: SQLite in a temporary DATA_DIR, or a PostgreSQL schema. */
async function engineOn(kind: StoreKind, feeds: FeedsConfig, options: TestOptions = {}) {
  if (kind === "sqlite") return engine(feeds, options);
  const { schema, url } = await createSchema();
  // Registered before the engine's own stop, so it runs after it (cleanups run in reverse).
  cleanups.push(() => dropSchema(schema));
  return engine(feeds, { databaseUrl: url, ...options });
}

/** A route that holds each response until the test releases it. */
function held(body: string | Buffer) {
  const waiting: ServerResponse[] = [];
  let open = 0;
  let peak = 0;
  return {
    route: (_req: unknown, res: ServerResponse) => {
      open++;
      peak = Math.max(peak, open);
      waiting.push(res);
    },
    release() {
      for (const res of waiting.splice(0)) {
        open--;
        res.writeHead(200, { "content-type": "application/rss+xml" }).end(body);
      }
    },
    get waiting() {
      return waiting.length;
    },
    get peak() {
      return peak;
    },
  };
}

/** Waits for a condition; generous, because a loaded CI machine is slow, and it returns as soon as it holds. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 5 });
const hits = (s: FeedServer, path: string) => s.requests.filter((r) => r.path === path).length;
const FEED = fixture("rss2-basic.xml");

describe.each(kinds)("refreshing and reading (%s)", (kind) => {
  it("stores every feed at refresh and serves sections from the store", async () => {
    const s = await server({ "/a.xml": respond(FEED), "/atom.xml": respond(fixture("atom.xml")) });
    const e = await engineOn(
      kind,
      new Map([
        ["local", [s.url("/a.xml")]],
        ["world", [s.url("/atom.xml")]],
      ]),
    );
    const outcomes = await e.refreshAll();
    expect(outcomes.map((o) => o.status)).toEqual(["updated", "updated"]);
    const local = await e.getSectionArticles("local");
    expect(local.sample).toBe(false);
    expect(local.articles).toHaveLength(5);
    expect(local.articles[0]).toMatchObject({
      id: "https://grid-garage.example/2024/05/elm-street-chargers",
      category: "Local News",
      featured: true,
      section: "local",
    });
    expect(local.articles.slice(1).every((a) => !a.featured)).toBe(true);
    expect((await e.getSectionArticles("local", 2)).articles).toHaveLength(2);
    expect((await e.getSectionArticles("world")).articles[0]?.category).toBe("World News");
    // Served from the store: reading did not fetch again.
    expect(hits(s, "/a.xml")).toBe(1);
  });

  it("fetches a URL once even when several sections share it, each with its own category", async () => {
    const s = await server({ "/shared.xml": respond(FEED) });
    const e = await engineOn(
      kind,
      new Map([
        ["local", [s.url("/shared.xml")]],
        ["national", [s.url("/shared.xml")]],
      ]),
    );
    expect(await e.refreshAll()).toHaveLength(1);
    expect(hits(s, "/shared.xml")).toBe(1);
    expect((await e.getSectionArticles("national")).articles[0]?.category).toBe("National News");
    expect((await e.getSectionArticles("local")).articles[0]?.category).toBe("Local News");
  });

  it("uses the spec's multi-feed rule and skips (and logs) a feed that is down", async () => {
    const sports = ["baseball", "tennis", "golf", "hockey", "soccer"];
    const routes: Record<string, ReturnType<typeof respond>> = {};
    sports.forEach((name, k) => {
      routes[`/${name}.xml`] = respond(
        generateRss({ items: 10, guidPrefix: name, newest: new Date(Date.UTC(2024, 4, 14, 12, k)) }),
      );
    });
    routes["/hockey.xml"] = (_req, res) => res.writeHead(503).end();
    const s = await server(routes);
    const log = recorder();
    const e = await engineOn(kind, new Map([["sports", sports.map((n) => s.url(`/${n}.xml`))]]), {
      logger: log.logger,
    });
    await e.refreshAll();
    const { articles } = await e.getSectionArticles("sports", 15);
    // ceil(15 / 5) = 3 from each of the four feeds that answered.
    expect(articles).toHaveLength(12);
    for (const name of ["baseball", "tennis", "golf", "soccer"]) {
      expect(articles.filter((a) => a.id.startsWith(`${name}-`))).toHaveLength(3);
    }
    expect(articles.some((a) => a.id.startsWith("hockey-"))).toBe(false);
    const times = articles.map((a) => a.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(articles[0]?.featured).toBe(true);
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        level: "warn",
        obj: expect.objectContaining({ url: s.url("/hockey.xml"), err: "HTTP error! status: 503" }),
      }),
    );
  });

  it("keeps the first 500 items of a 1,000-item feed", async () => {
    const s = await server({ "/big.xml": respond(generateRss({ items: 1000 })) });
    const e = await engineOn(kind, new Map([["local", [s.url("/big.xml")]]]));
    expect(await e.refreshAll()).toEqual([{ url: s.url("/big.xml"), status: "updated", items: 500 }]);
    expect((await e.health())[0]?.articleCount).toBe(500);
    const { articles } = await e.getSectionArticles("local", 50);
    expect(articles).toHaveLength(50);
    expect(articles[0]?.id).toBe("gen-0");
  });

  it("rejects an unknown section with the catalogue's words", async () => {
    const e = await engineOn(kind, new Map([["local", ["http://127.0.0.1:9/x.xml"]]]));
    await expect(e.getSectionArticles("weather")).rejects.toThrow(
      "No RSS feed configured for section: weather",
    );
    await expect(e.getSectionArticles("events")).rejects.toThrow(
      "No RSS feed configured for section: events",
    );
    // A real section that this configuration leaves out is just as unknown.
    await expect(e.getSectionArticles("world")).rejects.toThrow("No RSS feed configured for section: world");
  });

  it("throws StoreUnavailableError (logged) from every read of a store that cannot be read, never an empty list", async () => {
    // A store of this kind (it was SQLite for both), closed under the engine so reads fail.
    const t = await openTestStore(kind);
    cleanups.push(() => t.dispose());
    const store = t.store;
    const log = recorder();
    const s = await server({ "/a.xml": respond(FEED) });
    const e = engine(new Map([["local", [s.url("/a.xml")]]]), { store, logger: log.logger });
    await e.refreshAll();
    await store.close();
    const reads: [string, () => Promise<unknown>][] = [
      ["section articles", () => e.getSectionArticles("local")],
      ["section archive", () => e.getSectionArchive("local", 2)],
      ["section archive", () => e.hasOlder("local")],
      ["latest articles", () => e.latestArticles(12)],
      ["search", () => e.searchPage("chargers", 1)],
      ["search", () => e.searchArticles("chargers")],
      ["newest article", () => e.newestPublishedAt("local")],
    ];
    for (const [what, read] of reads) {
      await expect(read()).rejects.toThrow(StoreUnavailableError);
      await expect(read()).rejects.toThrow(`The article store could not be read (${what})`);
      expect(log.entries.some((l) => l.level === "error" && l.msg === `${what} failed`)).toBe(true);
    }
    // An unknown section is still its own error.
    await expect(e.getSectionArticles("weather")).rejects.toThrow(UnknownSectionError);
  });

  it("reads again once the store is back: no failed read or search is kept", async () => {
    const t = await openTestStore(kind);
    cleanups.push(() => t.dispose());
    const outage = failingStore(t.store);
    const s = await server({ "/a.xml": respond(FEED) });
    const e = engine(new Map([["local", [s.url("/a.xml")]]]), {
      store: outage.store,
      logger: recorder().logger,
    });
    await e.refreshAll();
    outage.down = true;
    await expect(e.searchPage("chargers", 1)).rejects.toThrow(StoreUnavailableError);
    await expect(e.getSectionArticles("local")).rejects.toThrow(StoreUnavailableError);
    outage.down = false;
    // The search failed a moment ago, well within the search cache's lifetime: searched again.
    expect((await e.searchPage("chargers", 1)).hits.length).toBeGreaterThan(0);
    expect((await e.getSectionArticles("local")).articles).toHaveLength(5);
  });
});

/** The store, with every article read failing (as a database that is down) while `down` is set. */
function failingStore(store: Store) {
  const state = { down: false, store };
  const failing = <T extends object>(of: T): T =>
    new Proxy(of, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (typeof value !== "function") return value;
        // A publication's reads fail with the store.
        if (name === "reads") return (slug: string) => failing(value.call(target, slug));
        return (...args: unknown[]) =>
          state.down && name !== "syncFeeds" && name !== "syncPublications"
            ? Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"))
            : value.apply(target, args);
      },
    });
  const feeds = failing(store.feeds);
  state.store = new Proxy(store, {
    get: (target, name, receiver) => (name === "feeds" ? feeds : Reflect.get(target, name, receiver)),
  });
  return state;
}

describe.each(kinds)("conditional GET and failures (%s)", (kind) => {
  it("sends the stored ETag back; a 304 keeps the stored articles", async () => {
    const s = await server({
      "/etag.xml": (req, res) => {
        if (req.headers["if-none-match"] === '"v1"') res.writeHead(304).end();
        else res.writeHead(200, { etag: '"v1"' }).end(FEED);
      },
    });
    const e = await engineOn(kind, new Map([["local", [s.url("/etag.xml")]]]));
    await e.refreshAll();
    const before = await e.getSectionArticles("local");
    expect((await e.refreshAll())[0]?.status).toBe("not-modified");
    expect(s.requests[1]?.headers["if-none-match"]).toBe('"v1"');
    expect(await e.getSectionArticles("local")).toEqual(before);
    expect((await e.health())[0]).toMatchObject({ consecutiveFailures: 0, lastError: null, articleCount: 5 });
  });

  it("sends the stored Last-Modified back; a 304 keeps the stored articles", async () => {
    const stamp = "Tue, 14 May 2024 10:00:00 GMT";
    const s = await server({
      "/lm.xml": (req, res) => {
        if (req.headers["if-modified-since"] === stamp) res.writeHead(304).end();
        else res.writeHead(200, { "last-modified": stamp }).end(FEED);
      },
    });
    const e = await engineOn(kind, new Map([["local", [s.url("/lm.xml")]]]));
    await e.refreshAll();
    expect((await e.refreshAll())[0]?.status).toBe("not-modified");
    expect((await e.getSectionArticles("local")).articles).toHaveLength(5);
  });

  it("keeps the previous articles when a refresh fails, and records the failure", async () => {
    let mode: "ok" | "500" | "invalid" | "404" = "ok";
    const s = await server({
      "/flaky.xml": (_req, res) => {
        if (mode === "ok") res.writeHead(200).end(FEED);
        else if (mode === "invalid") res.writeHead(200).end(fixture("invalid.xml"));
        else res.writeHead(Number(mode)).end();
      },
    });
    const e = await engineOn(kind, new Map([["local", [s.url("/flaky.xml")]]]));
    await e.refreshAll();
    const good = await e.getSectionArticles("local");
    mode = "500";
    expect(await e.refreshAll()).toEqual([
      { url: s.url("/flaky.xml"), status: "failed", error: "HTTP error! status: 500" },
    ]);
    expect(await e.getSectionArticles("local")).toEqual(good);
    mode = "invalid";
    await e.refreshAll();
    expect(await e.getSectionArticles("local")).toEqual(good);
    const [health] = await e.health();
    expect(health).toMatchObject({
      url: s.url("/flaky.xml"),
      sections: ["local"],
      lastError: "Failed to parse RSS XML",
      consecutiveFailures: 2,
      articleCount: 5,
    });
    expect(health?.lastSuccessAt).not.toBeNull();
    mode = "ok";
    await e.refreshAll();
    expect((await e.health())[0]).toMatchObject({ lastError: null, consecutiveFailures: 0 });
  });

  it("keeps the stored articles when a feed suddenly lists nothing", async () => {
    let body = FEED;
    const s = await server({ "/a.xml": (_req, res) => res.writeHead(200).end(body) });
    const log = recorder();
    const e = await engineOn(kind, new Map([["local", [s.url("/a.xml")]]]), { logger: log.logger });
    await e.refreshAll();
    body = fixture("empty.xml");
    expect((await e.refreshAll())[0]?.status).toBe("not-modified");
    expect((await e.getSectionArticles("local")).articles).toHaveLength(5);
    expect(log.entries.some((l) => l.level === "warn" && /no items/.test(l.msg))).toBe(true);
  });

  it("backs off a failing feed (doubling, capped at 6 h) and honours Retry-After", async () => {
    let now = Date.parse("2024-05-01T12:00:00.000Z");
    let answer: { status: number; headers?: Record<string, string> } = { status: 500 };
    const s = await server({
      "/down.xml": (_req, res) => res.writeHead(answer.status, answer.headers).end(),
    });
    const e = await engineOn(kind, new Map([["local", [s.url("/down.xml")]]]), { now: () => new Date(now) });
    const nextCheckMinutes = async () => {
      const [h] = await e.health();
      return (Date.parse(h?.nextCheckAt ?? "") - now) / 60_000;
    };
    const delays: number[] = [];
    for (let k = 0; k < 8; k++) {
      await e.refreshFeed(s.url("/down.xml"));
      delays.push(await nextCheckMinutes());
      now += 60_000;
    }
    expect(delays).toEqual([10, 20, 40, 80, 160, 320, 360, 360]);
    answer = { status: 429, headers: { "retry-after": String(24 * 3600) } };
    await e.refreshFeed(s.url("/down.xml"));
    expect(await nextCheckMinutes()).toBe(24 * 60);
    expect((await e.health())[0]?.lastError).toBe("HTTP error! status: 429");
    answer = { status: 200 };
    s.route("/down.xml", respond(FEED));
    await e.refreshFeed(s.url("/down.xml"));
    expect(await nextCheckMinutes()).toBe(10);
    expect((await e.health())[0]?.consecutiveFailures).toBe(0);
  });
});

describe("cold sections, single flight and concurrency", () => {
  it("a cold section waits for its feed's first fetch, and concurrent readers share it", async () => {
    const gate = held(FEED);
    const s = await server({ "/slow.xml": gate.route });
    const e = engine(new Map([["local", [s.url("/slow.xml")]]]));
    const readers = [
      e.getSectionArticles("local"),
      e.getSectionArticles("local", 3),
      e.getSectionArticles("local"),
    ];
    await eventually(() => expect(gate.waiting).toBe(1));
    gate.release();
    const results = await Promise.all(readers);
    expect(results.map((r) => r.articles.length)).toEqual([5, 3, 5]);
    expect(hits(s, "/slow.xml")).toBe(1);
  });

  it("a page request during start() joins the fetch in flight instead of starting a second", async () => {
    const gate = held(FEED);
    const s = await server({ "/slow.xml": gate.route });
    const e = engine(new Map([["local", [s.url("/slow.xml")]]]));
    e.start();
    const page = e.getSectionArticles("local");
    await eventually(() => expect(gate.waiting).toBe(1));
    gate.release();
    expect((await page).articles).toHaveLength(5);
    expect(hits(s, "/slow.xml")).toBe(1);
  });

  it("a warm section never waits for a refresh", async () => {
    let gate: ReturnType<typeof held> | undefined;
    const s = await server({
      "/a.xml": (req, res) => (gate ? gate.route(req, res) : res.writeHead(200).end(FEED)),
    });
    const e = engine(new Map([["local", [s.url("/a.xml")]]]));
    await e.refreshAll();
    gate = held(FEED);
    let refreshed = false;
    const refresh = e.refreshAll().then(() => {
      refreshed = true;
    });
    await eventually(() => expect(gate?.waiting).toBe(1));
    const { articles } = await e.getSectionArticles("local");
    expect(articles).toHaveLength(5);
    expect(refreshed).toBe(false);
    gate.release();
    await refresh;
  });

  it("runs at most 4 fetches at once", async () => {
    const gate = held(FEED);
    const s = await server();
    const urls = Array.from({ length: 9 }, (_, k) => {
      s.route(`/f${k}.xml`, gate.route);
      return s.url(`/f${k}.xml`);
    });
    const e = engine(new Map([["local", urls]]));
    const all = e.refreshAll();
    for (let served = 0; served < 9; ) {
      // Four go out at once; the rest wait their turn.
      await eventually(() => expect(gate.waiting).toBe(Math.min(4, 9 - served)));
      served += gate.waiting;
      gate.release();
    }
    expect((await all).every((o) => o.status === "updated")).toBe(true);
    expect(gate.peak).toBe(4);
  });
});

describe("offline fallback", () => {
  it("serves a cold section whose feeds cannot be fetched from its samples", async () => {
    const closed = await startFeedServer();
    const url = closed.url("/gone.xml");
    await closed.close();
    const e = engine(new Map([["automotive", [url]]]));
    const result = await e.getSectionArticles("automotive");
    expect(result.sample).toBe(true);
    expect(result.articles).toHaveLength(15);
    expect(result.articles[0]).toMatchObject({
      category: "Automotive & Energy",
      featured: true,
      link: `${SITE}/about#sample-articles`,
    });
    expect(result.articles.some((a) => a.imageUrl?.startsWith(`${SITE}/images/samples/`))).toBe(true);
    // The failed attempt is remembered: the next request does not fetch again.
    expect((await e.getSectionArticles("automotive", 5)).articles).toHaveLength(5);
    expect((await e.health())[0]?.consecutiveFailures).toBe(1);
  });

  it("SAMPLE_FALLBACK=off gives the empty list instead", async () => {
    const e = engine(new Map([["automotive", ["http://127.0.0.1:9/gone.xml"]]]), { sampleFallback: false });
    expect(await e.getSectionArticles("automotive")).toEqual({ articles: [], sample: false });
  });

  it("does not use samples for a feed that answered with no items", async () => {
    const s = await server({ "/empty.xml": respond(fixture("empty.xml")) });
    const e = engine(new Map([["local", [s.url("/empty.xml")]]]));
    expect(await e.getSectionArticles("local")).toEqual({ articles: [], sample: false });
  });

  it("the ticker falls back to samples across sections too", async () => {
    const e = engine(
      new Map([
        ["local", ["http://127.0.0.1:9/a.xml"]],
        ["world", ["http://127.0.0.1:9/b.xml"]],
      ]),
    );
    const latest = await e.latestArticles(6);
    expect(latest.sample).toBe(true);
    expect(latest.articles).toHaveLength(6);
    expect(new Set(latest.articles.map((a) => a.section))).toEqual(new Set(["local", "world"]));
  });
});

describe.each(kinds)("samples only while no feed has ever been reached (%s)", (kind) => {
  const failing = (_req: unknown, res: ServerResponse) => void res.writeHead(500).end("down");

  it("a failing section gets no samples once another feed answers, even one answering after it", async () => {
    const gate = held(FEED);
    const s = await server({ "/live.xml": gate.route, "/down.xml": failing });
    const e = await engineOn(
      kind,
      new Map([
        ["local", [s.url("/live.xml")]],
        ["technology", [s.url("/down.xml")]],
      ]),
    );
    const technology = e.getSectionArticles("technology");
    // Technology's feed has failed while the live one is still answering.
    await vi.waitFor(async () => {
      const down = (await e.health()).find((f) => f.url.endsWith("/down.xml"));
      expect(down?.consecutiveFailures).toBe(1);
      expect(gate.waiting).toBe(1);
    });
    gate.release();
    expect(await technology).toEqual({ articles: [], sample: false });
    expect((await e.getSectionArticles("local")).sample).toBe(false);
  });

  it("once a feed was reached, neither the ticker nor search fall back to samples", async () => {
    const s = await server({ "/empty.xml": respond(fixture("empty.xml")), "/down.xml": failing });
    const e = await engineOn(
      kind,
      new Map([
        ["local", [s.url("/empty.xml")]],
        ["automotive", [s.url("/down.xml")]],
      ]),
    );
    await e.refreshAll();
    expect(await e.getSectionArticles("automotive")).toEqual({ articles: [], sample: false });
    expect(await e.latestArticles(6)).toEqual({ articles: [], sample: false });
    expect(await e.searchArticles("range")).toEqual([]);
    expect((await e.searchPage("range", 1)).sample).not.toBe(true);
  });

  it("the first feed to go live changes every page, so no cached sample page outlives it", async () => {
    let live = false;
    const s = await server({
      "/live.xml": (req, res) => (live ? respond(FEED)(req, res) : failing(req, res)),
      "/down.xml": failing,
    });
    const changes: string[][] = [];
    const e = await engineOn(
      kind,
      new Map([
        ["local", [s.url("/live.xml")]],
        ["technology", [s.url("/down.xml")]],
      ]),
      { onStoreChange: (sections) => changes.push(sections) },
    );
    expect((await e.getSectionArticles("technology")).sample).toBe(true);
    live = true;
    await e.refreshAll();
    await vi.waitFor(() => expect(changes.length).toBeGreaterThan(0));
    // technology's feed still fails, but its sample page has to go.
    expect(new Set(changes[0])).toEqual(new Set(["local", "technology"]));
  });

  it("every feed failing on a fresh store: each section, the ticker and search show samples", async () => {
    const s = await server({ "/down.xml": failing, "/down2.xml": failing });
    const e = await engineOn(
      kind,
      new Map([
        ["local", [s.url("/down.xml")]],
        ["automotive", [s.url("/down2.xml")]],
      ]),
    );
    expect((await e.getSectionArticles("automotive")).sample).toBe(true);
    expect((await e.getSectionArticles("local")).sample).toBe(true);
    expect((await e.latestArticles(6)).sample).toBe(true);
    expect((await e.searchArticles("range")).length).toBeGreaterThan(0);
    expect((await e.searchPage("range", 1)).sample).toBe(true);
    // The samples are counted as stored articles are: every match, a page showing some of them.
    const all = await e.searchPage("range", 1, 100);
    const first = await e.searchPage("range", 1, 1);
    expect(all.count).toEqual({ total: all.hits.length, capped: false });
    expect(first.count).toEqual(all.count);
  });
});

describe("search before anything is stored", () => {
  it("searches the sample headlines the pages are showing", async () => {
    const e = engine(new Map([["automotive", ["http://127.0.0.1:9/gone.xml"]]]));
    const hits = await e.searchArticles("range");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]?.section).toBe("automotive");
    expect(hits[0]?.title.some((seg) => seg.match) || hits[0]?.excerpt.some((seg) => seg.match)).toBe(true);
  });

  it("finds nothing there when samples are off", async () => {
    const e = engine(new Map([["automotive", ["http://127.0.0.1:9/gone.xml"]]]), { sampleFallback: false });
    expect(await e.searchArticles("range")).toEqual([]);
  });
});

describe.each(kinds)("ticker, sitemap and search helpers (%s)", (kind) => {
  it("latestArticles, newestPublishedAt and searchArticles read the store", async () => {
    const s = await server({ "/a.xml": respond(FEED), "/rdf.xml": respond(fixture("rdf.xml")) });
    const e = await engineOn(
      kind,
      new Map([
        ["local", [s.url("/a.xml")]],
        ["business", [s.url("/rdf.xml")]],
      ]),
    );
    await e.refreshAll();
    const latest = await e.latestArticles(3);
    expect(latest.sample).toBe(false);
    expect(latest.articles.map((a) => a.title)).toEqual([
      "City council approves 40 curbside chargers for Elm Street",
      "Solar sets a new midday record",
      "How cold weather really affects your EV’s range",
    ]);
    expect(await e.newestPublishedAt("local")).toBe("2024-05-14T13:30:00.000Z");
    expect(await e.newestPublishedAt("business")).toBe("2024-05-14T12:40:00.000Z");
    expect(await e.newestPublishedAt("nowhere")).toBeUndefined();
    const hits = await e.searchArticles("recycling lithium");
    expect(hits).toHaveLength(1);
    expect(hits[0]?.article).toMatchObject({
      title: "Battery recycling plant opens with a promise: 95% of the lithium back",
      category: "Local News",
    });
    expect(hits[0]?.title.filter((seg) => seg.match).map((seg) => seg.text)).toEqual([
      "recycling",
      "lithium",
    ]);
    expect(await e.searchArticles('"unbalanced OR (')).toEqual([]);
  });

  it("reports health for every configured feed before any refresh", async () => {
    const e = await engineOn(kind, new Map([["local", ["http://127.0.0.1:9/a.xml"]]]));
    expect(await e.health()).toEqual([
      {
        url: "http://127.0.0.1:9/a.xml",
        sections: ["local"],
        lastSuccessAt: null,
        lastAttemptAt: null,
        lastError: null,
        consecutiveFailures: 0,
        nextCheckAt: null,
        articleCount: 0,
      },
    ]);
    expect(e.sections()).toEqual(["local"]);
  });
});

describe("start and stop", () => {
  it("refreshes everything at start, then again on its schedule", async () => {
    const s = await server({ "/a.xml": respond(FEED) });
    const e = engine(new Map([["local", [s.url("/a.xml")]]]), { refreshMinutes: 0.001 });
    e.start();
    e.start();
    await eventually(() => expect(hits(s, "/a.xml")).toBeGreaterThanOrEqual(3));
    await e.stop();
    const after = hits(s, "/a.xml");
    await new Promise((r) => setTimeout(r, 50));
    expect(hits(s, "/a.xml")).toBe(after);
  });

  it("stop() cancels fetches in flight and refuses new ones", async () => {
    const s = await server({ "/hang.xml": () => {} });
    const store = openStore({ dataDir: tempDir() }).store;
    cleanups.push(() => store.close());
    const e = engine(new Map([["local", [s.url("/hang.xml")]]]), { fetchTimeoutMs: 60_000, store });
    e.start();
    await eventually(() => expect(hits(s, "/hang.xml")).toBe(1));
    await e.stop();
    expect(await e.refreshFeed(s.url("/hang.xml"))).toEqual({ url: s.url("/hang.xml"), status: "skipped" });
    // Being cancelled is not the feed's failure.
    expect(await store.feeds.feed(s.url("/hang.xml"))).toMatchObject({ consecutiveFailures: 0 });
    expect((await store.feeds.feed(s.url("/hang.xml")))?.lastError).toBeUndefined();
  });

  it("closes the store it opened, not one it was given", async () => {
    const store = openStore({ dataDir: tempDir() }).store;
    const e = engine(new Map([["local", ["http://127.0.0.1:9/a.xml"]]]), { store });
    await e.stop();
    expect(await store.feeds.feeds()).toHaveLength(1);
    await store.close();
  });
});

/** How many of this process's threads run at the given nice value (one that ends meanwhile: none). */
function threadsWithNice(nice: number): number {
  return readdirSync("/proc/self/task").filter((tid) => {
    try {
      return niceOf(Number(tid)) === nice;
    } catch {
      return false; // the thread ended between the listing and the read
    }
  }).length;
}

describe.each(kinds)("the ingest worker (%s)", (kind) => {
  it("fetches and writes in a worker thread; a cold section waits for it; changes arrive per batch", async () => {
    const s = await server({ "/a.xml": respond(FEED), "/b.xml": respond(fixture("atom.xml")) });
    const changes: string[][] = [];
    const e = await engineOn(
      kind,
      new Map([
        ["local", [s.url("/a.xml")]],
        ["world", [s.url("/b.xml")]],
      ]),
      { ingest: "worker", ingestNice: 9, onStoreChange: (sections) => changes.push(sections) },
    );
    // Nothing stored: the page waits for the worker's first fetch of this section's feed only.
    const local = await e.getSectionArticles("local");
    expect(local.sample).toBe(false);
    expect(local.articles).toHaveLength(5);
    expect(hits(s, "/a.xml")).toBe(1);
    expect(hits(s, "/b.xml")).toBe(0);
    // The worker thread, and only it, gave up its priority (Linux: nice is per thread).
    if (process.platform === "linux") expect(threadsWithNice(9)).toBe(1);
    await eventually(() => expect(changes).toEqual([["local"]]));
    // A cycle: both fetched; only the feed that brought something new is reported.
    const outcomes = await e.refreshAll();
    expect(outcomes.map((o) => o.status)).toEqual(["updated", "updated"]);
    expect(changes).toEqual([["local"], ["world"]]);
    expect((await e.health()).map((h) => h.articleCount)).toEqual([5, 3]);
    await e.stop();
    expect(await e.refreshFeed(s.url("/a.xml"))).toEqual({ url: s.url("/a.xml"), status: "skipped" });
  });
});

describe.each(kinds)("older headlines and search pages (%s)", (kind) => {
  it("pages back through a section's archive after what page 1 shows, and search pages too", async () => {
    let generation = 1;
    const s = await server({
      "/a.xml": (_req, res) =>
        void res.writeHead(200).end(
          generateRss({
            items: 10,
            guidPrefix: `gen${generation}`,
            newest: new Date(Date.UTC(2024, 4, 14, generation)),
            spacingMinutes: 1,
          }),
        ),
    });
    // The fixture's items are from 2024: keep them (retention is counted from today).
    const e = await engineOn(kind, new Map([["local", [s.url("/a.xml")]]]), { retentionDays: 100_000 });
    await e.refreshAll();
    expect(await e.hasOlder("local", 15)).toBe(false);
    generation = 2;
    await e.refreshAll();
    // Page 1: the spec's list of the feed's current items; the first generation left the feed.
    const first = await e.getSectionArticles("local", 15);
    expect(first.articles.map((a) => a.id)).toEqual(Array.from({ length: 10 }, (_, i) => `gen2-${i}`));
    expect(await e.hasOlder("local", 15)).toBe(true);
    // With 4 a page: page 1 shows gen2-0..3, so page 2 goes on from there.
    expect((await e.getSectionArticles("local", 4)).articles.map((a) => a.id)).toEqual(
      Array.from({ length: 4 }, (_, i) => `gen2-${i}`),
    );
    const page2 = await e.getSectionArchive("local", 2, 4);
    expect(page2.articles.map((a) => a.id)).toEqual(["gen2-4", "gen2-5", "gen2-6", "gen2-7"]);
    expect(page2.more).toBe(true);
    const last = await e.getSectionArchive("local", 5, 4);
    expect(last.articles.map((a) => a.id)).toEqual(["gen1-6", "gen1-7", "gen1-8", "gen1-9"]);
    expect(last.more).toBe(false);
    // Search: pages of a ranked list, each page cut in the store; past the end is empty.
    const all = await e.searchPage("charging", 1, 100);
    expect(all.hits.length).toBeGreaterThan(4);
    const one = await e.searchPage("charging", 1, 2);
    const two = await e.searchPage("charging", 2, 2);
    expect(one.more).toBe(true);
    expect([...one.hits, ...two.hits].map((h) => h.article.id)).toEqual(
      all.hits.slice(0, 4).map((h) => h.article.id),
    );
    expect((await e.searchPage("charging", 999, 20)).hits).toEqual([]);
    // Every page carries the whole search's count, from the store.
    const count = { total: all.hits.length, capped: false };
    expect(all.count).toEqual(count);
    expect(one.count).toEqual(count);
    expect(two.count).toEqual(count);
  });

  it("gives equivalent searches one cache entry: the same words are the same search", async () => {
    const s = await server({ "/a.xml": respond(FEED) });
    const e = await engineOn(kind, new Map([["local", [s.url("/a.xml")]]]));
    await e.refreshAll();
    const first = e.searchPage("charging", 1);
    for (const same of ["charging!", "charging?", '"charging', "^charging", "charging*", " Charging. "]) {
      expect(e.searchCached(same, 1), same).toBe(true);
      expect(e.searchPage(same, 1), same).toBe(first);
    }
    expect(e.searchCached("charging grid", 1)).toBe(false);
    expect(e.searchPage("charging", 2)).not.toBe(first);
    expect((await first).hits.length).toBeGreaterThan(0);
  });

  it("ends search results and the archive at MAX_PAGE: a deeper page is the end, never another page's", async () => {
    let generation = 1;
    const s = await server({
      "/a.xml": (_req, res) =>
        void res
          .writeHead(200)
          .end(generateRss({ items: MAX_PAGE + 20, guidPrefix: `gen${generation}`, spacingMinutes: 1 })),
    });
    const e = await engineOn(kind, new Map([["local", [s.url("/a.xml")]]]), { retentionDays: 100_000 });
    await e.refreshAll();
    generation = 2;
    await e.refreshAll();
    // One result a page: more than MAX_PAGE pages exist, so the last page offers no next one.
    const last = await e.searchPage("the", MAX_PAGE, 1);
    expect(last.hits).toHaveLength(1);
    expect(last.more).toBe(false);
    expect((await e.searchPage("the", MAX_PAGE - 1, 1)).more).toBe(true);
    // Past it: empty, at once, whatever the page number (page 9999 was page 1000's results).
    expect(e.searchCached("the", MAX_PAGE + 1, 1)).toBe(true);
    for (const page of [MAX_PAGE + 1, 1000, 9999]) {
      expect(await e.searchPage("the", page, 1), String(page)).toEqual({ hits: [], more: false });
    }
    // The archive (one item a page): the same bound.
    const deepest = await e.getSectionArchive("local", MAX_PAGE, 1);
    expect(deepest.articles).toHaveLength(1);
    expect(deepest.more).toBe(false);
    for (const page of [MAX_PAGE + 1, 9999]) {
      expect(await e.getSectionArchive("local", page, 1), String(page)).toEqual({
        articles: [],
        more: false,
      });
    }
  });

  it("reuses a query's results for 7.5 to 22.5 s, so entries made together do not expire together", async () => {
    const s = await server({ "/a.xml": respond(FEED) });
    let clock = Date.UTC(2026, 0, 1);
    let dice = 0;
    const e = await engineOn(kind, new Map([["local", [s.url("/a.xml")]]]), {
      now: () => new Date(clock),
      random: () => dice,
    });
    await e.refreshAll();
    // The shortest life (the dice at 0): half of SEARCH_CACHE_MS.
    const short = e.searchPage("charging", 1);
    clock += 7_499;
    expect(e.searchPage("charging", 1)).toBe(short);
    clock += 2;
    expect(e.searchPage("charging", 1)).not.toBe(short);
    // The longest (the dice near 1): one and a half times it.
    dice = 0.999;
    const long = e.searchPage("electric", 1);
    clock += 22_000;
    expect(e.searchPage("electric", 1)).toBe(long);
    clock += 500;
    expect(e.searchPage("electric", 1)).not.toBe(long);
    await Promise.all([short, long]);
  });

  it("prunes archived items past ARTICLE_RETENTION_DAYS after a cycle, never current ones", async () => {
    let generation = 1;
    const s = await server({
      "/a.xml": (_req, res) =>
        void res.writeHead(200).end(generateRss({ items: 5, guidPrefix: `gen${generation}` })),
    });
    const e = await engineOn(kind, new Map([["local", [s.url("/a.xml")]]]), { retentionDays: 30 });
    await e.refreshAll();
    generation = 2;
    await e.refreshAll();
    // The 2024 items of the first generation left the feed and are long past 30 days: gone.
    expect((await e.health())[0]?.articleCount).toBe(5);
    expect((await e.getSectionArticles("local")).articles).toHaveLength(5);
    expect(await e.hasOlder("local")).toBe(false);
  });
});
