/**
 * The page's script may not arrive: offline, a blocked request, or a deploy that removed the old
 * files. Pages are HTML first, so the reader can still follow links, open the menus (a native
 * popover and a modal dialog) and send the forms; only the extras (hover, toasts, ticker) are gone.
 */
import type { Page } from "@playwright/test";
import { expect, isWide, test } from "./fixtures.ts";

// The blocked files are reported by the browser itself.
test.use({ allowConsole: /Failed to load resource|net::ERR_FAILED/ });

/** Every script of ours fails to load: the page script and any chunk it or an island would import. */
async function blockScripts(page: Page) {
  await page.route(/\/assets\/[\w.-]+\.js$/, (route) => route.abort());
}

test("without its script the home page shows its headlines, and its links lead on", async ({ page }) => {
  await blockScripts(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Local News" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  const block = page.locator('section[data-block="technology"]');
  await block.getByRole("link", { name: /^See All/ }).click();
  await expect(page).toHaveURL(/\/technology$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technology & Innovation");
});

test("without its script the header's menu still opens and a section can be followed", async ({
  page,
}, info) => {
  await blockScripts(page);
  await page.goto("/about");
  if (isWide(info.project.name)) {
    await page
      .getByRole("navigation", { name: "Site" })
      .getByRole("button", { name: "News Sections" })
      .click();
    const panel = page.locator("#news-sections");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await page
      .getByRole("navigation", { name: "Site" })
      .getByRole("button", { name: "News Sections" })
      .click();
    await panel.getByRole("link", { name: "World" }).click();
  } else {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await sheet.getByRole("link", { name: "World" }).click();
  }
  await expect(page).toHaveURL(/\/world$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("World News");
});

test("without its script the newsletter form still subscribes, the plain way", async ({ page }) => {
  await blockScripts(page);
  await page.goto("/");
  const form = page.locator("#newsletter");
  const email = `reader-noscript-chunk-${Date.now()}@example.com`;
  await form.getByPlaceholder("Enter your email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.locator("#newsletter").getByRole("status")).toContainText(
    `if ${email} is not subscribed yet`,
  );
});

test("without its script the search box still lands on the results", async ({ page }, info) => {
  await blockScripts(page);
  await page.goto("/about");
  if (isWide(info.project.name)) {
    const search = page.getByRole("banner").getByRole("searchbox", { name: "Search articles" });
    await search.fill("world fixture");
    await search.press("Enter");
  } else {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const box = page.getByRole("dialog", { name: "Navigation" }).getByLabel("Search articles");
    await box.fill("world fixture");
    await box.press("Enter");
  }
  await expect(page).toHaveURL(/\/search\?q=world\+fixture/);
  await expect(page.locator("main ol > li").first()).toContainText("World News");
});
