/**
 * The narrow side sheet (a native modal dialog): however the reader opens it (a click, a press
 * held, Enter, Space, a finger), focus must move into the sheet, Escape must close it, and focus
 * must come back to the menu button. Its tooltip must never take that Escape.
 */
import { expect, test, waitForHydration } from "./fixtures.ts";

test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, "narrow screens only");

const sheetTakesFocusAndEscapeCloses = async (page: import("@playwright/test").Page) => {
  const button = page.getByRole("button", { name: "Open navigation menu" });
  const sheet = page.getByRole("dialog", { name: "Navigation" });
  await expect(sheet).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("dialog, [role=dialog]"))))
    .toBe(true);
  // Nothing else (a tooltip) sits above the sheet to take the Escape.
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();
};

test("the first click on the menu button moves focus into the sheet, and Escape closes it", async ({
  page,
}) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  await sheetTakesFocusAndEscapeCloses(page);
});

test("the same when the pointer rested on the button first (its tooltip shown)", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Open navigation menu" });
  await button.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Open navigation menu");
  await button.click();
  await sheetTakesFocusAndEscapeCloses(page);
  // And again: a second open behaves the same.
  await button.click();
  await sheetTakesFocusAndEscapeCloses(page);
});

test("the keyboard opens it too: Enter on the menu button", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open navigation menu" }).focus();
  await page.keyboard.press("Enter");
  await sheetTakesFocusAndEscapeCloses(page);
});

test("Tab to the sheet's close button, then Escape: the sheet closes on the first press", async ({
  page,
}) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  const sheet = page.getByRole("dialog", { name: "Navigation" });
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(sheet.getByRole("button", { name: "Close navigation menu" })).toBeFocused();
  // A tooltip on the focused button would take this Escape for itself and leave the sheet open.
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("button", { name: "Open navigation menu" })).toBeFocused();
});

/**
 * Opens /about, presses the menu button (`press`), holds the press a while as a slow finger would,
 * then lifts (`lift`). The press and the release must meet the same button, so the click is not
 * lost.
 */
async function pressAndHold(
  page: import("@playwright/test").Page,
  press: (button: import("@playwright/test").Locator) => Promise<void>,
  lift: () => Promise<void>,
) {
  await page.goto("/about");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Open navigation menu" });
  await press(button);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await lift();
  return button;
}

async function centreOf(button: import("@playwright/test").Locator) {
  const box = await button.boundingBox();
  if (!box) throw new Error("no menu button");
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

test("a mouse press held on the menu button opens the sheet on its release", async ({ page }) => {
  await pressAndHold(
    page,
    async (button) => {
      const { x, y } = await centreOf(button);
      await page.mouse.move(x, y);
      await page.mouse.down();
    },
    () => page.mouse.up(),
  );
  await sheetTakesFocusAndEscapeCloses(page);
});

test("a Space held on the menu button opens the sheet on its release", async ({ page }) => {
  await pressAndHold(
    page,
    async (button) => {
      await button.focus();
      await page.keyboard.down(" ");
    },
    () => page.keyboard.up(" "),
  );
  await sheetTakesFocusAndEscapeCloses(page);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true });
  test("a finger held on the menu button opens the sheet when lifted", async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await pressAndHold(
      page,
      async (button) => {
        const point = await centreOf(button);
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
      },
      async () => {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      },
    );
    await sheetTakesFocusAndEscapeCloses(page);
  });
});
