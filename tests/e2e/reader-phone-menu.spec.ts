/**
 * The phone menu reaches the whole site: below the 18 sections, the pages a phone reader would
 * otherwise find only in the footer (Home, Blog, Books, Live Radio, About, Contact).
 */
import type { Page } from "@playwright/test";
import { expect, expectAxeClean, test, waitForHydration } from "./fixtures.ts";

test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, "narrow screens only");

const MORE = [
  ["Home", "/", "The Electric Ledger: today's headlines"],
  ["Blog", "/blog", /./],
  ["Books", "/books", /./],
  ["Live Radio", "/radio", /./],
  ["About", "/about", "About The Electric Ledger"],
  ["Contact", "/contact", /./],
] as const;

async function openMenu(page: Page) {
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  const sheet = page.getByRole("dialog", { name: "Navigation" });
  await expect(sheet).toBeVisible();
  return sheet;
}

test("below the sections, the menu lists Home, Blog, Books, Live Radio, About and Contact", async ({
  page,
}) => {
  await page.goto("/faq");
  await waitForHydration(page);
  const sheet = await openMenu(page);
  const more = sheet.getByRole("navigation", { name: "More" });
  await expect(more.getByRole("link")).toHaveText(MORE.map(([label]) => label));
  for (const [label, to] of MORE)
    await expect(more.getByRole("link", { name: label })).toHaveAttribute("href", to);
  // Below the sections, above Subscribe.
  const sectionsBox = await sheet.getByRole("navigation", { name: "All sections" }).boundingBox();
  const moreBox = await more.boundingBox();
  const subscribeBox = await sheet.getByRole("link", { name: "Subscribe" }).boundingBox();
  if (!sectionsBox || !moreBox || !subscribeBox) throw new Error("no boxes");
  expect(moreBox.y).toBeGreaterThanOrEqual(sectionsBox.y + sectionsBox.height);
  expect(subscribeBox.y).toBeGreaterThanOrEqual(moreBox.y + moreBox.height);
  await expectAxeClean(page);
});

for (const [label, to, heading] of MORE) {
  test(`the menu's ${label} link opens ${to} and closes the menu`, async ({ page }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    const sheet = await openMenu(page);
    await sheet.getByRole("navigation", { name: "More" }).getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${to === "/" ? "/" : to}$`));
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  });
}

test("the keyboard reaches them: Tab from the sections to Contact, Enter follows it", async ({ page }) => {
  await page.goto("/faq");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open navigation menu" }).focus();
  await page.keyboard.press("Enter");
  const sheet = page.getByRole("dialog", { name: "Navigation" });
  await expect(sheet).toBeVisible();
  const contact = sheet.getByRole("navigation", { name: "More" }).getByRole("link", { name: "Contact" });
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await contact.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("dialog")).toBeHidden();
});
