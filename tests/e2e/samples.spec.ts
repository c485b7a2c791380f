/**
 * Sample headlines (SAMPLE_FALLBACK=on, the default) are never passed off as news: they serve only
 * while no configured feed has ever been reached, every sample card says it is one, and the notice
 * names the sections it covers (issue 27). Each scenario runs its own production server on a fresh
 * data folder; server behaviour does not depend on the viewport, so these run at the wide size.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { writeFeedsConfig } from "#scripts/lib/feeds-config.ts";
import { expect, expectAxeClean, test, waitForHydration } from "./fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";

test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, "scenario servers run once, at the wide size");

/** Every headline of our own sample feeds (content/samples/*.xml). */
const SAMPLE_TITLES = readdirSync("content/samples")
  .filter((f) => f.endsWith(".xml"))
  .flatMap((f) =>
    [
      ...readFileSync(path.join("content/samples", f), "utf8").matchAll(
        /<item>[\s\S]*?<title>([^<]+)<\/title>/g,
      ),
    ].map((m) => (m[1] ?? "").replace(/&amp;/g, "&").trim()),
  );

const blocks = (page: Page) => page.locator("main section[data-block]");
const cards = (page: Page) =>
  page.locator("main").locator('[data-testid="article-card"], [data-testid="lead-article"]');

/** The headlines the page's cards show. */
async function headlines(page: Page): Promise<string[]> {
  return (await cards(page).locator("h2, h3").allTextContents()).map((t) =>
    t.replace(/\(opens in a new tab\)/, "").trim(),
  );
}

let server: AppServer | undefined;
test.afterEach(async ({ page }) => {
  await page.goto("about:blank");
  await server?.stop();
  server = undefined;
});

test("live feeds beside failing ones: no sample headline anywhere", async ({ page }) => {
  test.setTimeout(90_000);
  expect(SAMPLE_TITLES.length).toBeGreaterThan(50);
  // A fresh store, the default settings: technology's publisher answers 500, business's hangs.
  server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig({ technology: "fail", business: "hang" }) });

  await page.goto(`${server.url}/`);
  await expect(blocks(page).locator("h2")).toHaveText(
    ["Local News", "National News", "World News", "Politics & Government"],
    {
      timeout: 20_000,
    },
  );
  expect(await headlines(page)).toHaveLength(20);
  expect((await headlines(page)).filter((t) => SAMPLE_TITLES.includes(t))).toEqual([]);
  await expect(page.getByTestId("sample-label")).toHaveCount(0);
  await expect(page.getByText("Showing sample headlines")).toHaveCount(0);

  // Technology's feed failed: its page shows the spec's empty list, not invented headlines.
  await page.goto(`${server.url}/technology`);
  await expect(page.getByRole("main")).toContainText("No articles available for this section at the moment.");
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText("Showing sample headlines")).toHaveCount(0);

  // Business's publisher never answers: the page's failure state (while its first fetch is still
  // waited for) or, once that fetch has timed out, its empty list; never invented headlines.
  await page.goto(`${server.url}/business`);
  await expect(page.getByRole("main")).toContainText(
    /Failed to load articles for this section|No articles available for this section at the moment\./,
    { timeout: 20_000 },
  );
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText("Showing sample headlines")).toHaveCount(0);
});

test("a fresh store with every feed unreachable: labelled samples, and a notice naming their sections", async ({
  page,
}) => {
  test.setTimeout(120_000);
  server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig({}, "fail") });

  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  const names = [
    "Local News",
    "National News",
    "World News",
    "Technology & Innovation",
    "Business & Finance",
    "Politics & Government",
  ];
  await expect(blocks(page).locator("h2")).toHaveText(names);
  await expect(page.getByRole("status").filter({ hasText: "Showing sample headlines" })).toHaveText(
    "Showing sample headlines for Local News, National News, World News, Technology & Innovation, Business & Finance and Politics & Government: live feeds are unreachable right now.",
  );
  // Every card is a sample, and each says so where a reader sees it.
  const count = await cards(page).count();
  expect(count).toBe(30);
  await expect(page.getByTestId("sample-label")).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await expect(cards(page).nth(i).getByTestId("sample-label")).toBeVisible();
  }
  expect((await headlines(page)).filter((t) => !SAMPLE_TITLES.includes(t))).toEqual([]);
  await expectAxeClean(page);

  await page.goto(`${server.url}/technology`);
  await expect(page.getByRole("status").filter({ hasText: "Showing sample headlines" })).toHaveText(
    "Showing sample headlines for Technology & Innovation: live feeds are unreachable right now.",
  );
  await expect(cards(page)).toHaveCount(15);
  await expect(page.getByTestId("sample-label")).toHaveCount(15);
  await expectAxeClean(page);

  // Search finds the sample headlines the pages show: each result says it is one too.
  await page.goto(`${server.url}/search?q=battery`);
  const results = page.locator("main ol > li");
  await expect(results.first()).toBeVisible();
  await expect(results.getByTestId("sample-label")).toHaveCount(await results.count());
  await expect(page.getByRole("status").filter({ hasText: "Showing sample headlines for " })).toBeVisible();
  // It says how many, counted over the samples as the store counts stored articles.
  const shown = await results.count();
  await expect(page.getByTestId("search-summary")).toHaveText(
    shown < 20
      ? `${shown} ${shown === 1 ? "result" : "results"} for "battery"`
      : /^Results 1–20 of \d+ for "battery" \(page 1 of \d+\)$/,
  );

  // A look back at 1891 keeps its own date: never today's.
  await page.goto(`${server.url}/search?q=streetcar+1891`);
  await expect(results).toHaveCount(1);
  await expect(results.first().locator("time")).toHaveAttribute("datetime", /^2024-/);
  const today = new Date().toISOString().slice(0, 10);
  expect(await results.first().locator("time").getAttribute("datetime")).not.toContain(today);
});
