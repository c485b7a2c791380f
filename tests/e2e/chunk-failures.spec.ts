/**
 * Code that loads when it is needed (the toasts, the error screens) may not arrive: offline, or a
 * deploy that removed the old files. The page must go on, never fall to the framework's crash page.
 */
import { expect, test, waitForHydration } from "./fixtures.ts";

// The blocked files (and the failed page data) are reported by the browser itself.
test.use({ allowConsole: /Failed to load resource|Failed to fetch dynamically imported module|TypeError/ });

test("the welcome toast shows as plain text when the toasts' code cannot load", async ({ page }) => {
  await page.route(/\/assets\/ToastList-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/");
  await waitForHydration(page);
  const region = page.getByRole("region", { name: "Notifications" });
  await expect(region.getByRole("status")).toContainText("Welcome to The Electric Ledger");
  await expect(page.getByRole("heading", { level: 2, name: "Local News" })).toBeVisible();
});

test("a navigation that fails while the error screen's code cannot load says so and offers to try again", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "wide", "the top bar's About link is on wide screens");
  await page.goto("/");
  await waitForHydration(page);
  // The next page's data and the error screens' code both fail, as when the connection drops.
  await page.route(/\/about\.data/, (route) => route.abort());
  await page.route(/\/assets\/ErrorPage-[\w-]+\.js$/, (route) => route.abort());
  await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be shown");
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/about");
  // The frame is still there: the reader can go on.
  await expect(page.getByRole("banner")).toBeVisible();
});

test.describe("a section's page data failing on the way", () => {
  // React Router's data fetch reports the failed request itself as an uncaught error.
  test.use({ allowConsole: /Failed to load resource|Failed to fetch/ });

  test("shows the section's own error with Try again, in the frame", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.route(/\/local\.data/, (route) => route.abort());
    await page.getByRole("banner").getByRole("link", { name: "Local", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Local News");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Try again");
  });
});
