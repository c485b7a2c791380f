/**
 * The header's Subscribe, from any page: the reader lands on the home page's newsletter form with
 * the email field focused, with JavaScript and without: a plain link to the field, which the
 * browser scrolls to and focuses, and which the page script must not move from.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

const subscribe = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Subscribe" });
const emailField = (page: Page) =>
  page.locator("#newsletter").getByRole("textbox", { name: "Email address" });

async function expectAtTheForm(page: Page, { focused }: { focused: boolean }) {
  // The block (#newsletter) or its field (#newsletter-email).
  await expect(page).toHaveURL(/\/#newsletter(-email)?$/);
  // The headlines above the form are in place: the scroll survived them.
  await expect(page.getByTestId("lead-article")).toBeAttached();
  await expect(page.locator("#newsletter form")).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("heading", { name: "Stay Updated" })).toBeInViewport({ ratio: 1 });
  if (focused) await expect(emailField(page)).toBeFocused();
}

for (const from of ["/about", "/technology"]) {
  test(`Subscribe on ${from} brings the reader to the newsletter form, its email field focused`, async ({
    page,
  }) => {
    await page.goto(from);
    await waitForHydration(page);
    await subscribe(page).click();
    await expectAtTheForm(page, { focused: true });
    // Typing goes straight into the field.
    await page.keyboard.type("reader@example.com");
    await expect(emailField(page)).toHaveValue("reader@example.com");
  });
}

test("Subscribe on the home page itself scrolls to the form and focuses the field", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await subscribe(page).click();
  await expectAtTheForm(page, { focused: true });
});

test("the phone menu's Subscribe does the same, and closing the menu leaves the focus there", async ({
  page,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) >= 768, "the menu button shows on narrow screens");
  await page.goto("/about");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  await page.getByRole("dialog", { name: "Navigation" }).getByRole("link", { name: "Subscribe" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expectAtTheForm(page, { focused: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const from of ["/about", "/technology"]) {
    test(`Subscribe on ${from} lands on the form, its email field focused`, async ({ page }) => {
      await page.goto(from);
      await subscribe(page).click();
      await expectAtTheForm(page, { focused: true });
    });
  }
});
