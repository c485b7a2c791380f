/**
 * Both menus open without JavaScript (issue 26): the phone menu is a native modal <dialog> its
 * button opens by an invoker command, and News Sections a native popover its button toggles.
 */
import { expect, test } from "./fixtures.ts";

test.use({ javaScriptEnabled: false });

test("narrow: the menu button opens the sheet, whose search box works, and Escape closes it", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "narrow", "the menu button shows on narrow screens");
  await page.goto("/about");
  const button = page.getByRole("button", { name: "Open navigation menu" });
  await button.click();
  const sheet = page.getByRole("dialog", { name: "Navigation" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("navigation", { name: "All sections" }).getByRole("link")).toHaveCount(18);
  await expect(sheet.getByRole("link", { name: "Subscribe" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();
  // The close button closes it too.
  await button.click();
  await sheet.getByRole("button", { name: "Close navigation menu" }).click();
  await expect(sheet).toBeHidden();
  // And its search box searches.
  await button.click();
  await sheet.getByLabel("Search articles").fill("world fixture");
  await sheet.getByLabel("Search articles").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=world\+fixture/);
});

test("wide: News Sections opens its 16 sections under the button, and one can be followed", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "wide", "the top bar shows on wide screens");
  await page.goto("/about");
  const trigger = page
    .getByRole("navigation", { name: "Site" })
    .getByRole("button", { name: "News Sections" });
  const panel = page.locator("#news-sections");
  await expect(panel).toBeHidden();
  await trigger.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("link")).toHaveCount(16);
  const [t, p] = [await trigger.boundingBox(), await panel.boundingBox()];
  expect(p?.y ?? 0).toBeGreaterThanOrEqual((t?.y ?? 0) + (t?.height ?? 0));
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await trigger.click();
  await panel.getByRole("link", { name: "World" }).click();
  await expect(page).toHaveURL(/\/world$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("World News");
});
