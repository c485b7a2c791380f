/**
 * What a reader meets on a bad day: a feed list that leaves sections out, and a publisher that
 * hangs on a cold start. Each case runs its own production server (its own store, so it starts
 * cold) against the fixture publisher; server behaviour, so once, at the wide size.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";
import { NEWS_FEEDS_PORT } from "#scripts/lib/feeds-config.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { startAppServer } from "./support/app-server.ts";

test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 1024,
  "server behaviour: checked once, at the wide size",
);

/** A FEEDS_CONFIG on the fixture publisher: `modes` per section ("ok" by default), `null` = no feed. */
function feedsConfig(modes: Partial<Record<string, string | null>>): string {
  const config = Object.fromEntries(
    FEED_SECTION_KEYS.filter((key) => modes[key] !== null).map((key) => [
      key,
      [`http://127.0.0.1:${NEWS_FEEDS_PORT}/${modes[key] ?? "ok"}/${key}.xml`],
    ]),
  );
  const file = path.join(tmpdir(), `reader-feeds-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

const HOME_BLOCKS = {
  local: "Local News",
  national: "National News",
  world: "World News",
  technology: "Technology & Innovation",
  business: "Business & Finance",
  politics: "Politics & Government",
};

test("sections without a configured feed: home leaves them out, their pages say they are empty", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const app = await startAppServer({
    FEEDS_CONFIG: feedsConfig({ national: null, opinion: null }),
    SAMPLE_FALLBACK: "off",
  });
  try {
    for (const p of ["/", "/national", "/opinion"]) {
      expect((await fetch(`${app.url}${p}`)).status, p).toBe(200);
    }
    await page.goto(`${app.url}/`);
    await waitForHydration(page);
    const main = page.getByRole("main");
    for (const [key, name] of Object.entries(HOME_BLOCKS)) {
      const heading = main.getByRole("heading", { level: 2, name, exact: true });
      if (key === "national") await expect(heading).toHaveCount(0);
      else await expect(heading).toBeVisible();
    }
    await expect(page.getByText("Failed to load articles")).toHaveCount(0);

    for (const [p, title] of [
      ["/national", "National News"],
      ["/opinion", "Opinion & Editorials"],
    ] as const) {
      await page.goto(`${app.url}${p}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByText("No articles available for this section at the moment.")).toBeVisible();
    }
  } finally {
    // Leave the page first: nothing it still loads (an image, a prerender) may find the server gone.
    await page.goto("about:blank");
    await app.stop();
  }
});

test("one hanging publisher on a cold start: the other five home blocks still render", async ({ page }) => {
  test.setTimeout(90_000);
  const app = await startAppServer({ FEEDS_CONFIG: feedsConfig({ local: "hang" }), SAMPLE_FALLBACK: "off" });
  try {
    const main = page.getByRole("main");
    // The page streams skeletons while it waits (at most 8 s) for the cold sections. On a busy
    // machine the first fetch of the reachable ones can outlast that wait too, so the page is
    // asked again until they have arrived: "local" hangs for good, and must never cost the rest.
    await expect(async () => {
      await page.goto(`${app.url}/`);
      for (const [key, name] of Object.entries(HOME_BLOCKS)) {
        if (key === "local") continue;
        await expect(main.getByRole("heading", { level: 2, name, exact: true })).toBeVisible({
          timeout: 12_000,
        });
      }
    }).toPass({ timeout: 60_000 });
    await expect(main.getByRole("heading", { level: 2, name: "Local News", exact: true })).toHaveCount(0);
    await expect(page.getByText("Failed to load articles")).toHaveCount(0);
    // The first block shown carries the lead article.
    await expect(main.locator("[data-block=national]")).toContainText("national fixture headline 1");
  } finally {
    // Leave the page first: nothing it still loads (an image, a prerender) may find the server gone.
    await page.goto("about:blank");
    await app.stop();
  }
});
