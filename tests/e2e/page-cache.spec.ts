/**
 * Every navigation is an ordinary page load, and Back shows the page the reader left from the
 * browser's back/forward cache: as they left it, with its menus closed (the page script closes a
 * menu when one of its links is followed) and still working.
 */
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "#scripts/lib/chromium.ts";
import { expect, isWide, test, waitForHydration } from "./fixtures.ts";

// Playwright turns the back/forward cache off by default; readers have it on.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

test.describe("Back after following a menu's link", () => {
  test("restores the page the reader left from the page cache, its menu closed", async ({ page }, info) => {
    await page.addInitScript(() => {
      addEventListener("pageshow", (e) => {
        (window as unknown as { restored?: boolean }).restored = e.persisted;
      });
    });
    await page.goto("/about");
    await waitForHydration(page);
    const wide = isWide(info.project.name);
    const open = () =>
      wide
        ? page
            .getByRole("navigation", { name: "Site" })
            .getByRole("button", { name: "News Sections" })
            .click()
        : page.getByRole("button", { name: "Open navigation menu" }).click();
    const menu = wide ? page.locator("#news-sections") : page.getByRole("dialog", { name: "Navigation" });
    await open();
    await menu.getByRole("link", { name: "World" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("World News");
    // A page from the cache fires no "load": wait for the navigation only.
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    // The very page the reader left, not a new load of it.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { restored?: boolean }).restored))
      .toBe(true);
    await expect(menu).toBeHidden();
    // And the menu still opens.
    await open();
    await expect(menu).toBeVisible();
  });
});
