/**
 * The archive: an article that leaves its feed stays stored, searchable and reachable through a
 * section's "Older headlines" pages; search results page too. Runs its own server and publisher.
 * With SHOTS_DIR set, it saves screenshots of the paged views at the project's width.
 */
import path from "node:path";
import { expect, expectAxeClean, test, waitForHydration } from "./fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { type FaultFeeds, startFaultFeeds } from "./support/fault-feeds.ts";

let feeds: FaultFeeds;
let app: AppServer;

async function articleCount(server: AppServer, url: string): Promise<number> {
  const body = (await (await fetch(`${server.url}/api/health/feeds`)).json()) as {
    feeds: { url: string; articleCount: number }[];
  };
  return body.feeds.find((f) => f.url === url)?.articleCount ?? 0;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  feeds = await startFaultFeeds({ items: 10, words: 20 });
  const env = { FEEDS_CONFIG: feeds.configFile, FEED_REFRESH_MINUTES: "60" };
  const first = await startAppServer(env);
  const tech = feeds.feedUrl("technology");
  await expect.poll(() => articleCount(first, tech).catch(() => 0), { timeout: 30_000 }).toBe(10);
  await first.stop();
  // The publisher replaces every story; the restarted server's first refresh stores the new ones.
  feeds.setGeneration(2);
  app = await startAppServer({ ...env, DATA_DIR: first.dataDir });
  await expect.poll(() => articleCount(app, tech).catch(() => 0), { timeout: 30_000 }).toBe(20);
});

test.afterAll(async () => {
  await app?.stop();
  await feeds?.stop();
});

async function shoot(page: import("@playwright/test").Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}

test("a section pages back through its archive: Older headlines, then Newer headlines", async ({ page }) => {
  await page.goto(`${app.url}/technology`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: /^technology generation 2 story 1\b/ })).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Older headlines" });
  await expect(pager.getByText("Page 1")).toBeVisible();
  const older = pager.getByRole("link", { name: "Older headlines" });
  await expect(older).toHaveAttribute("rel", "next");
  await shoot(page, "section-page-1");
  await older.click();
  await expect(page).toHaveURL(/\/technology\?page=2$/);
  await expect(page.getByRole("heading", { name: "Older headlines, page 2" })).toBeVisible();
  // The stories that left the feed are still here, newest first after the current ones.
  const titles = page.locator("main article h3");
  await expect(titles).toHaveText(
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => new RegExp(`^technology generation 1 story ${n}\\b`)),
  );
  // Archived headlines name their publisher too: the feed's channel title.
  await expect(page.locator("main article").getByTestId("publisher")).toHaveText(
    Array(10).fill("technology"),
  );
  // The last page: only the way back.
  await expect(page.getByRole("navigation", { name: "Older headlines" }).getByRole("link")).toHaveCount(1);
  await expectAxeClean(page);
  await shoot(page, "section-page-2");
  const newer = page
    .getByRole("navigation", { name: "Older headlines" })
    .getByRole("link", { name: "Newer headlines" });
  await expect(newer).toHaveAttribute("rel", "prev");
  await newer.click();
  await expect(page).toHaveURL(/\/technology$/);
  await expect(page.getByRole("heading", { name: /^technology generation 2 story 1\b/ })).toBeVisible();
});

test.describe("past the end", () => {
  // The browser logs the 404 of the page itself.
  test.use({ allowConsole: /status of 404/ });

  test("a page past the archive's end or past the deepest page says so, as a 404, with a way back", async ({
    page,
  }) => {
    // Past the end: a plain message and a way back, answered 404 (so no cache keeps an empty page 99).
    const past = await page.goto(`${app.url}/technology?page=99`);
    expect(past?.status()).toBe(404);
    await expect(page.getByText("No older headlines here. Page 99 is past the end")).toBeVisible();
    await expect(page.getByRole("link", { name: "Latest headlines" })).toBeVisible();
    // Past the deepest page any list has: where lists end, without reading the store.
    const deepest = await page.goto(`${app.url}/technology?page=9999`);
    expect(deepest?.status()).toBe(404);
    await expect(page.getByText("Older headlines end at page 100.")).toBeVisible();
    await expectAxeClean(page);
    await shoot(page, "section-past-the-end");
    const search = await page.goto(`${app.url}/search?q=technology&page=9999`);
    expect(search?.status()).toBe(404);
    await expect(page.getByText(/Search results stop at page 100\./)).toBeVisible();
    await shoot(page, "search-past-the-end");
  });
});

test("search finds stories that left their feed, and pages through the results", async ({ page }) => {
  await page.goto(`${app.url}/search?q=${encodeURIComponent("technology generation 1 story 7")}`);
  await expect(page.getByRole("link", { name: /technology generation 1 story 7/ })).toBeVisible();
  await page.goto(`${app.url}/search?q=generation`);
  await waitForHydration(page);
  // Which results of how many, on which page of how many (the count is the store's).
  await expect(page.getByTestId("search-summary")).toHaveText(
    /^Results 1–20 of \d+ for "generation" \(page 1 of \d+\)$/,
  );
  const pager = page.getByRole("navigation", { name: "Search results pages" });
  await pager.getByRole("link", { name: "More results" }).click();
  await expect(page).toHaveURL(/\/search\?q=generation&page=2$/);
  await expect(page.getByTestId("search-summary")).toHaveText(
    /^Results 21–40 of \d+ for "generation" \(page 2 of \d+\)$/,
  );
  await expect(page.locator("main ol > li")).toHaveCount(20);
  await expectAxeClean(page);
  await shoot(page, "search-page-2");
  await expect(pager.getByRole("link", { name: "Previous results" })).toHaveAttribute("rel", "prev");
});
