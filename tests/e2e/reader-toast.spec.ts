/**
 * The welcome toast (spec: after 1 s) covers neither the lead story's headline nor the header and
 * its navigation, at a phone's width and a laptop's.
 */
import type { Locator } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator}`);
  return b;
}

test("the welcome toast covers neither the lead headline nor the header", async ({ page }) => {
  await page.goto("/");
  // The toast's second starts when the page is interactive.
  await waitForHydration(page);
  const toast = page
    .getByRole("region", { name: "Notifications" })
    .getByRole("status")
    .filter({ hasText: "Welcome to The Electric Ledger" });
  await expect(toast).toBeVisible();
  // Its text and its lifetime stay the spec's.
  await expect(toast).toContainText("Today's EV, charging and general headlines");
  const toastBox = await box(toast);
  const headline = await box(page.getByTestId("lead-article").getByRole("heading"));
  const header = await box(page.getByRole("banner"));
  expect(intersects(toastBox, headline), JSON.stringify({ toastBox, headline })).toBe(false);
  expect(intersects(toastBox, header), JSON.stringify({ toastBox, header })).toBe(false);
  // It is on screen, where the reader sees it.
  await expect(toast).toBeInViewport({ ratio: 1 });
});
