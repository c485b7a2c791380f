/**
 * The fault scenarios of tests/e2e/faults.spec.ts on PostgreSQL, without a browser: every
 * publisher misbehaving while readers read; a restart with every publisher hanging; the server
 * killed with SIGKILL in the middle of a refresh, leaving every feed with one whole set of items;
 * 200 concurrent contact posts, each send stored once; and a contact send while the messages
 * table is locked by another connection or gone. Runs the production build (built first when stale).
 */
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { FEED_SECTION_KEYS, type FeedSectionKey } from "#domain/sections.ts";
import { startFeedServer } from "#server/ingest/testing/feed-server.ts";
import { createFeedEngine } from "#server/news/engine.server.ts";
import { lockTables, renameTableAway } from "#server/store/testing/faults.ts";
import { storeKinds } from "#server/store/testing/stores.ts";
import {
  type FaultFeeds,
  type FaultMode,
  keepReading,
  startFaultFeeds,
} from "../tests/e2e/support/fault-feeds.ts";
import { buildIfStale, freePort, serveProduction } from "./lib/serve.ts";
import { scratchDatabase } from "./testing/scratch-database.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const postgres = (await storeKinds()).includes("postgres");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** A scratch schema (and pg-boss's beside it) and the store on it, as the server sees it. */
const database = () => scratchDatabase(cleanups);

/** Stores every feed once, through an engine in this process (quicker than a server's start). */
async function warmUp(
  url: string,
  feeds: ReadonlyMap<FeedSectionKey, readonly string[]>,
  refreshMinutes: number,
) {
  const engine = createFeedEngine({
    feeds: new Map([...feeds].map(([s, urls]) => [s, [...urls]])),
    store: { dataDir: "", databaseUrl: url },
    refreshMinutes, // due again at the server's next cycle when short
    retentionDays: 30,
    allowPrivate: true,
    sampleFallback: false,
    siteUrl: "https://warm-up.example",
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
  try {
    const outcomes = await engine.refreshAll();
    expect(outcomes.filter((o) => o.status !== "updated")).toEqual([]);
  } finally {
    await engine.stop();
  }
}

type Health = { url: string; lastSuccessAt: string | null; lastError: string | null; articleCount: number };

async function health(url: string): Promise<Health[]> {
  return ((await (await fetch(`${url}/api/health/feeds`)).json()) as { feeds: Health[] }).feeds;
}

type Api = { sample: boolean; articles: Array<{ title: string }> };

async function sectionApi(url: string, section: string): Promise<Api> {
  return (await (await fetch(`${url}/api/articles?section=${section}`)).json()) as Api;
}

const ITEMS = 300;
/** How long a staged lock is held at most: far past the store's own wait for a lock (5 s). */
const HOLD_MS = 30_000;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

describe.runIf(postgres)("faults on PostgreSQL", () => {
  it("SIGKILL in the middle of a refresh: every feed holds one whole set of items, old or new", async () => {
    await buildIfStale();
    // One big feed per section, its titles naming the generation; `served` counts whole feeds sent.
    let generation = 1;
    let sent = 0;
    const rss = (section: string) =>
      `<?xml version="1.0"?><rss version="2.0"><channel><title>${section}</title><link>https://publisher.example/</link><description>d</description>${Array.from(
        { length: ITEMS },
        (_, i) =>
          `<item><title>${esc(`${section} generation ${generation} story ${i + 1}`)}</title><link>https://publisher.example/${section}/${generation}/${i + 1}</link><guid>${section}-${generation}-${i + 1}</guid><description>${"Words about batteries and charging. ".repeat(20)}</description><pubDate>${new Date(Date.UTC(2026, 10, 20) - i * 60_000).toUTCString()}</pubDate></item>`,
      ).join("")}</channel></rss>`;
    const route = (section: string) => (_req: IncomingMessage, res: ServerResponse) => {
      res.once("finish", () => {
        sent += 1;
      });
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss(section));
    };
    const publisher = await startFeedServer(
      Object.fromEntries(FEED_SECTION_KEYS.map((s) => [`/${s}.xml`, route(s)])),
    );
    cleanups.push(() => publisher.close());
    const feedUrl = (section: string) => publisher.url(`/${section}.xml`);
    const feedsFile = path.join(tmpdir(), `feeds-pg-faults-${process.pid}.json`);
    writeFileSync(
      feedsFile,
      JSON.stringify(Object.fromEntries(FEED_SECTION_KEYS.map((s) => [s, [feedUrl(s)]]))),
    );
    const { url, store } = await database();
    // The default ingest worker, as in production. Short cycles: a new process joins the shared
    // cycle (it does not refresh everything at boot), so each round's refresh is the next cycle's.
    const env = {
      DATABASE_URL: url,
      FEEDS_CONFIG: feedsFile,
      FEED_REFRESH_MINUTES: "0.05",
      SAMPLE_FALLBACK: "off",
    };

    /** Each feed's generation; fails on a feed whose current items are a partial or mixed set. */
    const generations = async () => {
      const result = new Map<string, number>();
      for (const section of FEED_SECTION_KEYS) {
        const titles = (await store.feeds.items(feedUrl(section))).map((i) => i.title);
        expect(titles, section).toHaveLength(ITEMS);
        const gens = new Set(titles.map((t) => Number(/generation (\d+)/.exec(t)?.[1])));
        expect([...gens], `${section}: one whole generation`).toHaveLength(1);
        result.set(section, [...gens][0] as number);
      }
      return result;
    };

    // Generation 1, due again at the servers' next cycle.
    await warmUp(url, new Map(FEED_SECTION_KEYS.map((s) => [s, [feedUrl(s)]])), 0.05);
    expect(new Set((await generations()).values())).toEqual(new Set([1]));

    // Each round the publisher has new items; a new server starts refreshing them and dies with
    // SIGKILL once some feeds have been delivered.
    let mixed = 0;
    for (const afterFeeds of [2, 4, 6]) {
      generation += 1;
      sent = 0;
      let child: ChildProcess | undefined;
      const starting = serveProduction(await freePort(), env, {
        stdout: "ignore",
        onSpawn: (c) => {
          child = c;
          cleanups.push(async () => void c.kill("SIGKILL"));
        },
      });
      await vi.waitFor(() => expect(sent).toBeGreaterThanOrEqual(afterFeeds), {
        timeout: 60_000,
        interval: 5,
      });
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child?.kill("SIGKILL");
      await exited;
      await starting.catch(() => undefined);
      if (new Set((await generations()).values()).size > 1) mixed += 1;
    }
    // At least one kill landed between two feeds' writes, i.e. in the middle of a refresh.
    expect(mixed).toBeGreaterThan(0);
  });

  it("every publisher misbehaving while readers read: every answer 200 with the stored headlines, each failure in /api/health/feeds, every feed keeps its articles", async () => {
    await buildIfStale();
    // The four misbehaviours at once, each on its own publisher: two feeds hang and two drip-feed,
    // holding the ingest worker's four fetch slots until the 15 s timeout (one round, where a
    // server of hanging feeds only would take four); the rest refuse connections or send garbage.
    const faults = {
      down: /fetch failed|ECONNREFUSED|connect/i,
      garbage: /Failed to parse RSS XML/,
      hang: /Timed out/,
      drip: /Timed out/,
    } satisfies Partial<Record<FaultMode, RegExp>>;
    const modes = Object.keys(faults) as Array<keyof typeof faults>;
    const publishers = new Map(
      await Promise.all(modes.map(async (m) => [m, await startFaultFeeds()] as const)),
    );
    const modeOf = (section: FeedSectionKey, i: number): keyof typeof faults =>
      section === "world" || section === "sports"
        ? "hang"
        : section === "technology" || section === "health"
          ? "drip"
          : i % 2 === 0
            ? "down"
            : "garbage";
    const feeds = FEED_SECTION_KEYS.map((section, i) => {
      const mode = modeOf(section, i);
      return { section, mode, url: (publishers.get(mode) as FaultFeeds).feedUrl(section) };
    });
    const feedsFile = path.join(tmpdir(), `feeds-pg-publishers-${process.pid}.json`);
    writeFileSync(feedsFile, JSON.stringify(Object.fromEntries(feeds.map((f) => [f.section, [f.url]]))));
    const { url } = await database();
    await warmUp(url, new Map(feeds.map((f) => [f.section, [f.url]])), 0.05);

    const server = await serveProduction(
      await freePort(),
      {
        DATABASE_URL: url,
        FEEDS_CONFIG: feedsFile,
        FEED_REFRESH_MINUTES: "0.05",
        INGEST_NICE: "0",
        LOG_LEVEL: "fatal",
      },
      { stdout: "ignore" },
    );
    try {
      const stored = (section: string) => (publishers.get("down") as FaultFeeds).title(section, 1, 1);
      // Five readers keep reading throughout; a generous bound on each answer.
      const readers = keepReading(server.url, stored, 30_000);
      let read: Awaited<ReturnType<typeof readers.stop>> = { answered: 0, failures: [] };
      try {
        await Promise.all(modes.map((m) => publishers.get(m)?.setMode(m)));
        // Each feed's own failure reaches /api/health/feeds (the hanging ones after their timeout).
        await vi.waitFor(
          async () => {
            const byUrl = new Map((await health(server.url)).map((h) => [h.url, h.lastError ?? ""]));
            for (const f of feeds)
              expect(byUrl.get(f.url), `${f.section} (${f.mode})`).toMatch(faults[f.mode]);
          },
          { timeout: 90_000, interval: 500 },
        );
      } finally {
        read = await readers.stop();
      }
      const { answered, failures } = read;
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(10);
      // Stale beats empty: every feed keeps the articles it had.
      for (const h of await health(server.url)) expect(h.articleCount, h.url).toBe(20);
      const api = await sectionApi(server.url, "business");
      expect(api.sample).toBe(false);
      expect(api.articles[0]?.title).toBe(stored("business"));
    } finally {
      // The publishers first: a fetch still hanging would hold the server's graceful stop.
      for (const p of publishers.values()) await p.stop();
      await server.stop();
    }
  });

  it("restarted with every publisher hanging: the API and the home page serve the stored articles, not samples", async () => {
    await buildIfStale();
    const publisher = await startFaultFeeds();
    const sections = new Map(FEED_SECTION_KEYS.map((s) => [s, [publisher.feedUrl(s)]]));
    const { url } = await database();
    await warmUp(url, sections, 0.05);
    await publisher.setMode("hang");
    // Samples on (the default), so a server that fell back to them would show them.
    const server = await serveProduction(
      await freePort(),
      {
        DATABASE_URL: url,
        FEEDS_CONFIG: publisher.configFile,
        FEED_REFRESH_MINUTES: "0.05",
        INGEST_NICE: "0",
        LOG_LEVEL: "fatal",
      },
      { stdout: "ignore" },
    );
    try {
      // Every fetch slot (4) is stuck on a publisher.
      await vi.waitFor(() => expect(publisher.hits("hang")).toBeGreaterThanOrEqual(4), {
        timeout: 60_000,
        interval: 100,
      });
      for (const section of ["local", "technology", "world", "sports"]) {
        const api = await sectionApi(server.url, section);
        expect(api.sample).toBe(false);
        expect(api.articles).toHaveLength(15);
        expect(api.articles[0]?.title).toBe(publisher.title(section, 1, 1));
      }
      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(publisher.title("local", 1, 1));
    } finally {
      await publisher.stop();
      await server.stop();
    }
  });

  it("200 concurrent contact posts: all answered without a 5xx, each send stored once", async () => {
    await buildIfStale();
    const { url, store } = await database();
    const server = await serveProduction(
      await freePort(),
      // ROLE=web: only the contact path, and no feed polling (whose list would be the real one).
      { DATABASE_URL: url, ROLE: "web", CONTACT_RATE_LIMIT: "0", SAMPLE_FALLBACK: "off" },
      { stdout: "ignore" },
    );
    cleanups.push(() => server.stop());
    // 160 sends, 40 of them posted twice at once (a double click): 200 posts in flight together.
    const sends = Array.from({ length: 160 }, (_, i) => `burst-send-${String(i).padStart(4, "0")}`);
    const posts = [...sends, ...sends.slice(0, 40)];
    const statuses = await Promise.all(
      posts.map(async (sendId) => {
        const body = new URLSearchParams({
          name: "Burst Reader",
          email: "burst@example.com",
          category: "general",
          subject: `Burst ${sendId}`,
          message: `Message body for ${sendId}.`,
          website: "",
          send_id: sendId,
        });
        const res = await fetch(`${server.url}/contact`, {
          method: "POST",
          body,
          headers: { origin: server.url },
          redirect: "manual",
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    // Without JavaScript an accepted send is answered with a redirect to /contact?sent=1.
    expect(statuses.filter((s) => s !== 303)).toEqual([]);
    const stored = (await store.messages.list({ limit: 1000 })).filter((m) => m.subject.startsWith("Burst "));
    expect(stored.map((m) => m.subject).sort()).toEqual(sends.map((s) => `Burst ${s}`).sort());
  });

  it("the messages table locked by another connection, or gone: the reader is told and keeps every field; once writable the same send is stored once", async () => {
    await buildIfStale();
    const { url, store } = await database();
    // ROLE=web: no feed polling, only the contact path. The database rate limit stays on (its own
    // table is not locked), as in production.
    const server = await serveProduction(
      await freePort(),
      {
        DATABASE_URL: url,
        ROLE: "web",
        CONTACT_RATE_LIMIT: "100",
        SAMPLE_FALLBACK: "off",
        LOG_LEVEL: "fatal",
      },
      { stdout: "ignore" },
    );
    cleanups.push(() => server.stop());
    const fields = {
      name: "Ada Reader",
      email: "ada@example.com",
      category: "news-tip",
      subject: "Sent while locked",
      message: "The depot on Elm Street has new chargers.",
    };
    /** A send without JavaScript, as a reader's browser posts it; a generous bound on the answer. */
    const post = async (sendId: string, subject: string) => {
      const res = await fetch(`${server.url}/contact`, {
        method: "POST",
        body: new URLSearchParams({ ...fields, subject, website: "", send_id: sendId }),
        headers: { origin: server.url },
        redirect: "manual",
        signal: AbortSignal.timeout(HOLD_MS + 30_000),
      });
      return { status: res.status, html: await res.text() };
    };
    /** The refusal, with the form still holding everything the reader typed. */
    const expectRefusedKeepingFields = (html: string, subject: string) => {
      expect(html).toContain("Sorry, your message could not be sent just now. Nothing is lost");
      expect(html).toContain('value="Ada Reader"');
      expect(html).toContain('value="ada@example.com"');
      expect(html).toMatch(/<option value="news-tip" selected="">/);
      expect(html).toContain(`value="${subject}"`);
      expect(html).toMatch(/<textarea[^>]*>The depot on Elm Street has new chargers\.<\/textarea>/);
    };
    const storedOnce = async (subject: string) =>
      expect((await store.messages.list()).filter((m) => m.subject === subject)).toHaveLength(1);

    // Locked: the send waits a bounded time for the lock (not as long as it is held) and is refused.
    const lock = await lockTables(url, ["contact_messages"], HOLD_MS);
    try {
      const locked = await post("send-while-locked", fields.subject);
      expect({ status: locked.status, whileHeld: lock.held() }).toEqual({ status: 503, whileHeld: true });
      expectRefusedKeepingFields(locked.html, fields.subject);
      // What reads the database keeps answering meanwhile (the feeds' health reads PostgreSQL).
      const health = await fetch(`${server.url}/api/health/feeds`);
      expect({ status: health.status, whileHeld: lock.held() }).toEqual({ status: 200, whileHeld: true });
    } finally {
      await lock.release();
    }
    expect((await post("send-while-locked", fields.subject)).status).toBe(303);
    expect((await post("send-while-locked", fields.subject)).status).toBe(303);
    await storedOnce(fields.subject);

    // Gone (renamed away): refused at once; back, the same send is stored once.
    const restore = await renameTableAway(url, "contact_messages");
    try {
      const gone = await post("send-while-gone", "Sent while gone");
      expect(gone.status).toBe(503);
      expectRefusedKeepingFields(gone.html, "Sent while gone");
    } finally {
      await restore();
    }
    expect((await post("send-while-gone", "Sent while gone")).status).toBe(303);
    await storedOnce("Sent while gone");
  });
});
