/**
 * The deployment for a network: two server processes on one PostgreSQL, a local fixture publisher.
 * Both serve; each feed is fetched once per cycle between them; a contact sent through one is listed
 * by the CLI and the contact rate limit counts sends through both; a page on the other is fresh after
 * a refresh it did not make; after kill -9 of one, the other keeps polling every feed, and the fetch
 * job the killed one held is retried by the other (with cycles too long to queue it again). The servers
 * run as in production (the default ingest worker thread), from the production build, built first
 * (npm run build, a few seconds) when it is missing or older than the sources.
 */
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSharedPolling } from "#server/ingest/shared-polling.server.ts";
import { startFeedServer } from "#server/ingest/testing/feed-server.ts";
import { storeKinds } from "#server/store/testing/stores.ts";
import { buildIfStale, freePort, type Served, serveProduction } from "./lib/serve.ts";
import { scratchDatabase } from "./testing/scratch-database.ts";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const root = path.resolve(import.meta.dirname, "..");
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

const postgres = (await storeKinds()).includes("postgres");
const problem = postgres ? undefined : "PostgreSQL is not reachable";
if (problem) {
  console.warn(`several-processes scenario SKIPPED: ${problem}`);
  describe("several processes on one PostgreSQL", () => {
    it.skip(`skipped: ${problem}`, () => {});
  });
}

function rss(titles: string[]): string {
  const items = titles
    .map(
      (t, i) =>
        `<item><title>${t}</title><link>https://publisher.example/${encodeURIComponent(t)}</link>` +
        `<guid>${encodeURIComponent(t)}</guid><description>About ${t}.</description>` +
        `<pubDate>${new Date(Date.UTC(2026, 10, 20, 12, 0) - i * 3_600_000).toUTCString()}</pubDate></item>`,
    )
    .join("");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Fixture</title><link>https://publisher.example/</link><description>d</description>${items}</channel></rss>`;
}

/** The User-Agent names the site as "(+{url};": the delimiters keep port 3456 from matching 34567. */
const isBy = (agent: string, s: Served) => agent.includes(`(+${s.url};`);

describe.runIf(!problem)("several processes on one PostgreSQL", () => {
  const cleanups: (() => Promise<void>)[] = [];
  // Each test's servers stop with it: the first's 3 s cycles must not load the second's machine.
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  });

  it("share polling, contacts and fresh pages, and survive kill -9 of one", async () => {
    await buildIfStale();
    // The publisher: counts fetches per feed and per process (the User-Agent names the site).
    const fetches: { path: string; agent: string; at: number }[] = [];
    let techTitles = ["First technology headline", "Second technology headline"];
    let freshBy: string | undefined; // the User-Agent of the first fetch that got the new listing
    // Once set, the next technology fetch (whichever process makes it) and every later one by the
    // same process never get an answer.
    let holding = false;
    let heldAgent: string | undefined;
    const feed = (titles: () => string[], isTech: boolean) => (req: IncomingMessage, res: ServerResponse) => {
      const agent = String(req.headers["user-agent"] ?? "");
      if (isTech && holding && (heldAgent === undefined || heldAgent === agent)) {
        heldAgent = agent;
        return;
      }
      fetches.push({ path: req.url ?? "", agent, at: Date.now() });
      const listing = titles();
      if (isTech && listing.includes("A fresh technology headline")) freshBy ??= agent;
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss(listing));
    };
    const publisher = await startFeedServer({
      "/tech.xml": feed(() => techTitles, true),
      "/biz.xml": feed(() => ["A business headline"], false),
    });
    cleanups.push(() => publisher.close());
    const feedsFile = path.join(tmpdir(), `feeds-several-${process.pid}.json`);
    writeFileSync(
      feedsFile,
      JSON.stringify({ technology: [publisher.url("/tech.xml")], business: [publisher.url("/biz.xml")] }),
    );
    const { url } = await scratchDatabase(cleanups);
    const env = {
      DATABASE_URL: url,
      FEEDS_CONFIG: feedsFile,
      FEED_REFRESH_MINUTES: "0.05", // 3 s cycles
      PAGE_CACHE_SECONDS: "300",
      SAMPLE_FALLBACK: "off",
      CONTACT_RATE_LIMIT: "5",
    };
    const start = async () => {
      const s = await serveProduction(await freePort(), env, { stdout: "ignore" });
      cleanups.push(() => s.stop());
      return s;
    };
    const [a, b] = [await start(), await start()] as [Served, Served];
    const count = (p: string, by?: Served) =>
      fetches.filter((f) => f.path === p && (by === undefined || isBy(f.agent, by))).length;
    const counts = () =>
      JSON.stringify({
        tech: [count("/tech.xml", a), count("/tech.xml", b)],
        biz: [count("/biz.xml", a), count("/biz.xml", b)],
      });

    // Each feed is fetched once per cycle, by one of the two: never two fetches a moment apart.
    await vi.waitFor(
      () => {
        for (const p of ["/tech.xml", "/biz.xml"])
          expect(count(p), `fetches by a, b: ${counts()}`).toBeGreaterThanOrEqual(3);
      },
      { timeout: 60_000, interval: 200 },
    );
    for (const p of ["/tech.xml", "/biz.xml"]) {
      const times = fetches.filter((f) => f.path === p).map((f) => f.at);
      for (const [i, at] of times.slice(1).entries()) expect(at - (times[i] ?? 0), p).toBeGreaterThan(1000);
    }

    // Both serve the stored articles.
    for (const s of [a, b]) {
      const res = await fetch(`${s.url}/technology`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("First technology headline");
    }

    // A contact sent through one is in the shared store, listed by the CLI.
    const form = new URLSearchParams({
      name: "Ada Reader",
      email: "ada@example.com",
      category: "",
      subject: "Sent through the first process",
      message: "Two processes, one inbox.",
    });
    const sent = await fetch(`${a.url}/contact`, {
      method: "POST",
      body: form,
      headers: { origin: a.url, "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(sent.status).toBe(303);
    const cli = await promisify(execFile)(process.execPath, ["scripts/messages.ts", "list"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
    });
    expect(cli.stdout).toContain("Sent through the first process");

    // The rate limit (5 per client) is counted in the database: four more sends alternating between
    // the processes are accepted, the sixth is refused by either.
    const send = (s: Served, subject: string) =>
      fetch(`${s.url}/contact`, {
        method: "POST",
        body: new URLSearchParams({ ...Object.fromEntries(form), subject }),
        headers: { origin: s.url, "content-type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      }).then((r) => r.status);
    for (const [i, s] of [b, a, b, a].entries()) expect(await send(s, `Send ${i + 2}`)).toBe(303);
    expect(await send(b, "Send 6")).toBe(429);
    expect(await send(a, "Send 6")).toBe(429);

    // A page cached by one process is fresh after a refresh only the other one made. Either may
    // take the feed's next job (the queue decides), so both pages are cached first, the publisher
    // notes who fetched the new listing first, and the other process's page is the one checked.
    const page = (s: Served) => fetch(`${s.url}/technology`).then((r) => r.text());
    for (const s of [a, b]) {
      await page(s);
      const cached = await fetch(`${s.url}/technology`);
      expect(cached.headers.get("x-page-cache")).toBe("hit");
      expect(await cached.text()).not.toContain("A fresh technology headline");
    }
    techTitles = ["A fresh technology headline", ...techTitles];
    await vi.waitFor(() => expect(freshBy, `no fresh fetch; fetches by a, b: ${counts()}`).toBeDefined(), {
      timeout: 60_000,
      interval: 200,
    });
    const other = isBy(freshBy ?? "", a) ? b : a;
    await vi.waitFor(
      async () => expect(await page(other), "the other's page").toContain("A fresh technology headline"),
      {
        timeout: 60_000,
        interval: 500,
      },
    );

    // kill -9 of one in the middle of a fetch: the other process keeps polling every feed. The one
    // killed is whichever makes the next technology fetch (the queue decides; waiting for a chosen
    // one could wait for ever). (That the killed process's job itself is retried is the next
    // test's, where no cycle can hide it.)
    holding = true;
    await vi.waitFor(() => expect(heldAgent, `no fetch held; fetches by a, b: ${counts()}`).toBeDefined(), {
      timeout: 60_000,
      interval: 200,
    });
    const [killed, survivor] = isBy(heldAgent ?? "", a) ? [a, b] : [b, a];
    killed.child.kill("SIGKILL");
    await new Promise((resolve) => killed.child.once("exit", resolve));
    const before = { tech: count("/tech.xml", survivor), biz: count("/biz.xml", survivor) };
    await vi.waitFor(
      () => {
        expect(count("/tech.xml", survivor), `fetches by a, b: ${counts()}`).toBeGreaterThanOrEqual(
          before.tech + 2,
        );
        expect(count("/biz.xml", survivor), `fetches by a, b: ${counts()}`).toBeGreaterThanOrEqual(
          before.biz + 2,
        );
      },
      { timeout: 90_000, interval: 500 },
    );
    expect((await fetch(`${survivor.url}/healthz`)).status).toBe(200);
  });

  it("the fetch a process held when killed with kill -9 is retried by the other, before any cycle", async () => {
    await buildIfStale();
    // 10-minute cycles (9 to 11 with the jitter): after the first, no cycle job runs during this test,
    // so a second fetch of the feed can only be pg-boss retrying the job the killed process held.
    const MINUTES = 10;
    const servers: Served[] = [];
    const fetches: { agent: string; at: number }[] = [];
    let holdNext = false; // the next technology fetch gets no answer, and its process is killed there
    let held: { by: Served; at: number } | undefined;
    const feed = (isTech: boolean) => (req: IncomingMessage, res: ServerResponse) => {
      const agent = String(req.headers["user-agent"] ?? "");
      const by = servers.find((s) => isBy(agent, s));
      if (isTech && holdNext && by) {
        holdNext = false;
        held = { by, at: Date.now() };
        by.child.kill("SIGKILL");
        return;
      }
      if (isTech) fetches.push({ agent, at: Date.now() });
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss([isTech ? "Tech" : "Biz"]));
    };
    const publisher = await startFeedServer({ "/tech.xml": feed(true), "/biz.xml": feed(false) });
    cleanups.push(() => publisher.close());
    const tech = publisher.url("/tech.xml");
    const feedsFile = path.join(tmpdir(), `feeds-retry-${process.pid}.json`);
    writeFileSync(feedsFile, JSON.stringify({ technology: [tech], business: [publisher.url("/biz.xml")] }));
    const { url, store } = await scratchDatabase(cleanups);
    const env = { DATABASE_URL: url, FEEDS_CONFIG: feedsFile, FEED_REFRESH_MINUTES: String(MINUTES) };
    const start = async () => {
      const s = await serveProduction(await freePort(), env, { stdout: "ignore" });
      cleanups.push(() => s.stop());
      servers.push(s);
      return s;
    };
    type Cycle = { startedAt: string } | null;
    const lastCycle = async (s: Served) =>
      ((await (await fetch(`${s.url}/api/health/feeds`)).json()) as { lastCycle: Cycle }).lastCycle;

    // The first process alone runs the first cycle, which fetches both feeds and queues the next
    // cycle 9 to 11 minutes later; the second, started after, finds that queued and runs none.
    const a = await start();
    await vi.waitFor(
      async () => {
        expect(await lastCycle(a)).not.toBeNull();
        expect((await store.feeds.feed(tech))?.lastSuccessAt).toBeDefined();
      },
      { timeout: 60_000, interval: 250 },
    );
    const cycleAt = Date.parse((await lastCycle(a))?.startedAt ?? "");
    const b = await start();
    const cycles = { a: await lastCycle(a), b: await lastCycle(b) };
    expect(cycles.b).toBeNull();

    // One fetch job for the feed, as a cycle or a cold section would send it (the feed made due):
    // whichever process takes it is killed as its request reaches the publisher.
    await store.feeds.setNextCheck(tech, new Date().toISOString());
    const asker = createSharedPolling({
      databaseUrl: url,
      urls: [tech],
      store: store.feeds,
      intervalMs: MINUTES * 60_000,
      work: false,
      logger: quiet,
    });
    cleanups.push(() => asker.stop());
    const fetchedBefore = fetches.length;
    holdNext = true;
    await asker.request([tech]);
    // It only sends: the retry must be the surviving server's own doing.
    await asker.stop();
    await vi.waitFor(() => expect(held).toBeDefined(), { timeout: 60_000, interval: 100 });
    const killed = held?.by as Served;
    if (killed.child.exitCode === null && killed.child.signalCode === null) {
      await new Promise((resolve) => killed.child.once("exit", resolve));
    }
    const survivor = killed === a ? b : a;

    // Heartbeats stop: after 10 s without one, a monitor pass (at most 10 s) and the retry delay
    // (5 s), the survivor takes the job. Generous on a loaded machine, and still far before the
    // next cycle (9 minutes after the first at the earliest).
    await vi.waitFor(() => expect(fetches.length).toBeGreaterThan(fetchedBefore), {
      timeout: 120_000,
      interval: 200,
    });
    const retried = fetches[fetchedBefore];
    expect(retried?.agent).toContain(`(+${survivor.url};`);
    expect(retried?.at ?? Infinity).toBeLessThan(cycleAt + 0.9 * MINUTES * 60_000);
    // The survivor ran no cycle job meanwhile: only the retry explains the fetch.
    expect(await lastCycle(survivor)).toEqual(survivor === a ? cycles.a : cycles.b);
    await vi.waitFor(
      async () =>
        expect(Date.parse((await store.feeds.feed(tech))?.lastSuccessAt ?? "")).toBeGreaterThan(cycleAt),
      { timeout: 30_000, interval: 200 },
    );
    console.log(
      `several-processes: the killed process's fetch was retried by the other ${Math.round(((retried?.at ?? 0) - (held?.at ?? 0)) / 1000)} s after kill -9`,
    );
  });
});
