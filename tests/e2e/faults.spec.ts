/**
 * Faults: publishers misbehaving while pages are served, the process killed mid-refresh, a burst
 * of contact messages and a database that cannot be written. Each scenario runs its own
 * production server (and publisher) and is bounded by its own timeout; server behaviour does not
 * depend on the viewport, so these run once, at the wide size.
 */
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { BUNDLED_SLUG } from "#domain/publication.ts";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";
import { DATABASE_FILE, integrityProblems } from "#server/store/sqlite/db.server.ts";
import { createFeedStore } from "#server/store/sqlite/feed-store.server.ts";
import { listMessages } from "#server/store/sqlite/messages.server.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { type FaultFeeds, type FaultMode, keepReading, startFaultFeeds } from "./support/fault-feeds.ts";

test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 1024,
  "server behaviour: checked once, at the wide size",
);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Health = {
  url: string;
  lastSuccessAt: string | null;
  lastError: string | null;
  consecutiveFailures: number;
  articleCount: number;
};

async function health(app: AppServer): Promise<Health[]> {
  return ((await (await fetch(`${app.url}/api/health/feeds`)).json()) as { feeds: Health[] }).feeds;
}

/** Every configured feed has been fetched and stored once. */
async function waitWarm(app: AppServer, feeds: FaultFeeds) {
  await expect
    .poll(async () => (await health(app)).filter((f) => f.articleCount > 0).length, { timeout: 60_000 })
    .toBe(feeds.feedCount);
}

/** Reads a page the way a reader would; returns its status and text (never throws on a bad status). */
async function read(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, text: await res.text() };
}

test.describe("every publisher misbehaving while pages are served", () => {
  const cases: Array<{ mode: FaultMode; label: string; error?: RegExp }> = [
    { mode: "down", label: "down (connection refused)", error: /fetch failed|ECONNREFUSED|connect/i },
    { mode: "hang", label: "hanging (never answers)" },
    { mode: "drip", label: "drip-feeding a byte every half second" },
    { mode: "garbage", label: "sending 10 MB of garbage", error: /Failed to parse RSS XML/ },
  ];
  for (const { mode, label, error } of cases) {
    test(`pages keep answering from the store with every publisher ${label}`, async () => {
      test.setTimeout(90_000);
      const feeds = await startFaultFeeds();
      const app = await startAppServer({ FEEDS_CONFIG: feeds.configFile, FEED_REFRESH_MINUTES: "0.05" });
      try {
        await waitWarm(app, feeds);
        const stored = (section: string) => feeds.title(section, 1, 1);
        // Readers keep coming (five at a time) while the publishers misbehave.
        const readers = keepReading(app.url, stored, 10_000);

        await feeds.setMode(mode);
        if (error) {
          // The failure has reached every feed's record, and the stored articles are still there.
          await expect
            .poll(
              async () => (await health(app)).filter((f) => f.lastError && error.test(f.lastError)).length,
              // Fifteen 10 MB answers to fetch and read, four at a time, on a machine shared with
              // the browser and the other tests.
              { timeout: 60_000 },
            )
            .toBe(feeds.feedCount);
        } else {
          // Every fetch slot (4) is stuck on the publisher while readers are served; then the 15 s
          // timeout frees the slots and the next feeds get stuck in turn.
          await expect.poll(() => feeds.hits(mode), { timeout: 45_000 }).toBeGreaterThanOrEqual(8);
        }
        const { answered, failures } = await readers.stop();
        expect(failures).toEqual([]);
        expect(answered).toBeGreaterThan(10);
        for (const f of await health(app)) expect(f.articleCount, f.url).toBe(20);
        const api = (await (await fetch(`${app.url}/api/articles?section=business`)).json()) as {
          sample: boolean;
          articles: Array<{ title: string }>;
        };
        expect(api.sample).toBe(false);
        expect(api.articles[0]?.title).toBe(stored("business"));
      } finally {
        await app.stop();
        await feeds.stop();
      }
    });
  }
});

test.describe("the process killed in the middle of a refresh", () => {
  test("after SIGKILL the database passes integrity_check and the previous articles are served", async () => {
    test.setTimeout(120_000);
    const ITEMS = 400;
    // Big feeds, so each refresh spends real time parsing and writing.
    const feeds = await startFaultFeeds({ items: ITEMS, words: 300 });
    const env = { FEEDS_CONFIG: feeds.configFile, FEED_REFRESH_MINUTES: "60" };
    const first = await startAppServer(env);
    const dataDir = first.dataDir;
    /** The generation each feed's stored articles belong to; fails on a partial or mixed set. */
    const storedGenerations = async (): Promise<Map<string, number>> => {
      const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
      try {
        expect(integrityProblems(db)).toEqual([]);
        const store = createFeedStore(db);
        const result = new Map<string, number>();
        for (const section of FEED_SECTION_KEYS) {
          const titles = (await store.items(feeds.feedUrl(section))).map((i) => i.title);
          expect(titles, section).toHaveLength(ITEMS);
          const gens = new Set(titles.map((t) => Number(/generation (\d+)/.exec(t)?.[1])));
          expect([...gens], `${section}: one whole generation`).toHaveLength(1);
          result.set(section, [...gens][0] as number);
        }
        return result;
      } finally {
        db.close();
      }
    };

    try {
      await waitWarm(first, feeds);
      await first.stop();
      expect([...(await storedGenerations()).values()].every((g) => g === 1)).toBe(true);

      // Each round: the publisher has new items, the server starts refreshing them all, and dies
      // with SIGKILL after a different number of feeds has been delivered.
      const kills = [
        { afterFeeds: 1, ms: 0 },
        { afterFeeds: 3, ms: 15 },
        { afterFeeds: 6, ms: 5 },
        { afterFeeds: 9, ms: 30 },
        { afterFeeds: 12, ms: 10 },
      ];
      let mixed = 0;
      for (const [round, kill] of kills.entries()) {
        feeds.setGeneration(round + 2);
        let child: ChildProcess | undefined;
        const starting = startAppServer({ ...env, DATA_DIR: dataDir }, (c) => {
          child = c;
        });
        await feeds.served(kill.afterFeeds);
        await sleep(kill.ms);
        const exited = new Promise((r) => child?.once("exit", r));
        child?.kill("SIGKILL");
        await exited;
        await starting.catch(() => undefined);
        const generations = await storedGenerations();
        if (new Set(generations.values()).size > 1) mixed += 1;
      }
      // At least one kill landed between feeds' writes, i.e. in the middle of a refresh.
      expect(mixed).toBeGreaterThan(0);

      // Restarted with every publisher hanging: the stored articles are what readers get.
      const before = await storedGenerations();
      await feeds.setMode("hang");
      const again = await startAppServer({ ...env, DATA_DIR: dataDir });
      try {
        for (const section of ["local", "technology", "world", "sports"]) {
          const api = (await (await fetch(`${again.url}/api/articles?section=${section}`)).json()) as {
            sample: boolean;
            articles: Array<{ title: string }>;
          };
          expect(api.sample).toBe(false);
          expect(api.articles).toHaveLength(15);
          expect(api.articles[0]?.title).toBe(feeds.title(section, before.get(section) ?? 0, 1));
        }
        const home = await read(`${again.url}/`);
        expect(home.status).toBe(200);
        expect(home.text).toContain(feeds.title("local", before.get("local") ?? 0, 1));
      } finally {
        await again.stop();
      }
    } finally {
      await feeds.stop();
    }
  });
});

test.describe("contact messages under load and a database that cannot be written", () => {
  let app: AppServer;
  test.beforeAll(async ({ viewport }) => {
    if ((viewport?.width ?? 0) < 1024) return;
    app = await startAppServer({ CONTACT_RATE_LIMIT: "0" });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test("200 concurrent submissions: exactly 200 stored, none lost or doubled", async () => {
    test.setTimeout(60_000);
    const subjects = Array.from({ length: 200 }, (_, i) => `Burst message ${i + 1}`);
    const statuses = await Promise.all(
      subjects.map(async (subject) => {
        const body = new URLSearchParams({
          name: "Burst Reader",
          email: "burst@example.com",
          category: "general",
          subject,
          message: `Message body for ${subject}.`,
          website: "",
        });
        const res = await fetch(`${app.url}/contact`, { method: "POST", body });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const db = new DatabaseSync(path.join(app.dataDir, DATABASE_FILE), { readOnly: true });
    try {
      const stored = listMessages(db, BUNDLED_SLUG).filter((m) => m.subject.startsWith("Burst message "));
      expect(stored).toHaveLength(200);
      expect(new Set(stored.map((m) => m.subject))).toEqual(new Set(subjects));
    } finally {
      db.close();
    }
  });

  test.describe("a database another process holds locked", () => {
    test.use({ allowConsole: /status of 503/ });
    test("the reader gets a clear error, keeps the form, and can send once it is writable", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.goto(`${app.url}/contact`);
      await waitForHydration(page);
      const main = page.getByRole("main");
      await main.getByRole("textbox", { name: "Name" }).fill("Ada Reader");
      await main.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
      await main.getByRole("textbox", { name: "Subject" }).fill("Sent while locked");
      await main.getByRole("textbox", { name: "Message" }).fill("The depot on Elm Street has new chargers.");

      // Another process takes the write lock and keeps it, so the server cannot write. It waits
      // its turn if the server is writing just then (its feed refresh), as a real process would.
      const locker = new DatabaseSync(path.join(app.dataDir, DATABASE_FILE), { timeout: 15_000 });
      locker.exec("BEGIN EXCLUSIVE");
      try {
        await main.getByRole("button", { name: "Send Message" }).click();
        const alert = main.getByRole("alert");
        await expect(alert).toContainText("Sorry, your message could not be sent just now. Nothing is lost", {
          timeout: 20_000,
        });
        await expect(main.getByRole("textbox", { name: "Subject" })).toHaveValue("Sent while locked");
        await expect(main.getByRole("textbox", { name: "Message" })).toHaveValue(/new chargers/);
        // Pages that only read keep working meanwhile.
        expect((await read(`${app.url}/about`)).status).toBe(200);
      } finally {
        locker.exec("ROLLBACK");
        locker.close();
      }

      await main.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Message Sent", { exact: true })).toBeVisible();
      const db = new DatabaseSync(path.join(app.dataDir, DATABASE_FILE), { readOnly: true });
      try {
        expect(listMessages(db, BUNDLED_SLUG).filter((m) => m.subject === "Sent while locked")).toHaveLength(
          1,
        );
      } finally {
        db.close();
      }
    });
  });
});
