/**
 * The News Sections dropdown opens on hover after a delay (spec: 200 ms), on the very first hover
 * of a fresh page, however the pointer arrived: in one jump and held still, or in a quick glide
 * (issue 27), and closes when the pointer leaves. Wide screens only (the top bar).
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, "the top bar shows on wide screens only");

const trigger = (page: Page) =>
  page.getByRole("navigation", { name: "Site" }).getByRole("button", { name: "News Sections" });
const panel = (page: Page) => page.locator("#news-sections");

/** Where the trigger's centre is, read without moving the mouse. */
async function triggerCentre(page: Page) {
  const box = await trigger(page).boundingBox();
  if (!box) throw new Error("News Sections is not shown");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Opens /about with the page's clock held: its timers (the spec's delays) run only when the test
 * moves the clock, so a busy machine's slow pointer moves take no time on it.
 */
async function openWithClockHeld(page: Page) {
  await page.clock.install();
  await page.goto("/about");
  await waitForHydration(page);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

async function expectOpenAfterHold(page: Page) {
  // The reader holds still over it; by 1.2 s the delay has long passed.
  await page.waitForTimeout(1200);
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole("link")).toHaveCount(16);
  // And it closes when the pointer leaves.
  await page.mouse.move(5, 800);
  await expect(panel(page)).toBeHidden();
}

for (const steps of [1, 4]) {
  test(`a fresh page: the first hover opens the menu (${steps === 1 ? "one jump" : "a quick glide"}, then still)`, async ({
    page,
  }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const { x, y } = await triggerCentre(page);
    // The mouse has not moved on this page before: this is its first movement.
    await page.mouse.move(x, y, { steps });
    await expectOpenAfterHold(page);
  });
}

test("a pointer that passes over the button without stopping opens nothing", async ({ page }) => {
  // The page's timers run only when the test moves its clock: the pass takes no time at all,
  // however slow the machine, and the spec's 200 ms is then shown to have been needed.
  await openWithClockHeld(page);
  const { x, y } = await triggerCentre(page);
  // Counted, not only looked at: a menu that opened and closed again would be hidden by now.
  await panel(page).evaluate((el) => {
    el.addEventListener("toggle", (e) => {
      if ((e as ToggleEvent).newState === "open")
        el.dataset.opened = String(Number(el.dataset.opened ?? 0) + 1);
    });
  });
  await page.mouse.move(x, y);
  await page.clock.runFor(100);
  await page.mouse.move(5, 800);
  await page.clock.runFor(1000);
  await expect(panel(page)).toBeHidden();
  await expect(panel(page)).not.toHaveAttribute("data-opened");
  // The same pointer resting on the button opens it once its 200 ms have passed.
  await page.mouse.move(x, y);
  await page.clock.runFor(100);
  await expect(panel(page)).toBeHidden();
  await page.clock.runFor(150);
  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toHaveAttribute("data-opened", "1");
});

test("the pointer can travel from the button into the panel and pick a section", async ({ page }) => {
  await openWithClockHeld(page);
  const { x, y } = await triggerCentre(page);
  await page.mouse.move(x, y);
  await page.clock.runFor(250);
  await expect(panel(page)).toBeVisible();
  const box = await panel(page).getByRole("link", { name: "World" }).boundingBox();
  if (!box) throw new Error("no World link");
  // Crossing the gap between button and panel leaves the item for a moment: not long enough to close.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.clock.runFor(400);
  await expect(panel(page)).toBeVisible();
  await page.mouse.down();
  await page.mouse.up();
  await expect(page).toHaveURL(/\/world$/);
  await expect(panel(page)).toBeHidden();
});

test("a click on a menu the hover opened keeps it open", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await trigger(page).hover();
  await expect(panel(page)).toBeVisible();
  await trigger(page).click();
  await page.waitForTimeout(300);
  await expect(panel(page)).toBeVisible();
});
