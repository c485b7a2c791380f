/**
 * The page's script may not arrive: offline, a blocked request, or a deploy that removed the old
 * files. Pages are HTML first, so the reader can still follow links, open the menus (a native
 * popover and a modal dialog) and send the forms; only the extras (hover, toasts, ticker) are gone.
 */
import type { Page } from "@playwright/test";
import { expect, isWide, test, waitForHydration } from "./fixtures.ts";

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

test("an island whose code cannot load leaves its form working the plain way, and the page's menus", async ({
  page,
}, info) => {
  // The island runtime (Preact) and the islands' own chunks fail; the page script itself arrives.
  await page.route(/\/assets\/(preact|contact)-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/contact");
  await waitForHydration(page);
  const island = page.locator("[data-island=contact]");
  await expect(island).not.toHaveAttribute("data-hydrated", "true");
  // The page script's part still works: the header's menu opens.
  if (isWide(info.project.name)) {
    await page
      .getByRole("navigation", { name: "Site" })
      .getByRole("button", { name: "News Sections" })
      .click();
    await expect(page.locator("#news-sections")).toBeVisible();
    await page.keyboard.press("Escape");
  } else {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await expect(page.getByRole("dialog", { name: "Navigation" })).toBeVisible();
    await page.keyboard.press("Escape");
  }
  // The server's form posts as it would without script.
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Name" }).fill("Ada Reader");
  await main.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
  await main.getByRole("combobox", { name: /Category/ }).selectOption("news-tip");
  await main.getByRole("textbox", { name: "Subject" }).fill(`Island down ${Date.now()}`);
  await main.getByRole("textbox", { name: "Message" }).fill("The form still sends without its island.");
  await main.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect(main.getByRole("status")).toContainText("Message Sent");
});
