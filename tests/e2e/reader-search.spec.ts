/**
 * A results page says how many results there are for what, and which of them it shows: the count
 * comes from the store's search (the fixture publishers' sixteen headlines a section).
 */
import { expect, expectAxeClean, test } from "./fixtures.ts";

const summary = (page: import("@playwright/test").Page) => page.getByTestId("search-summary");
const results = (page: import("@playwright/test").Page) => page.locator("main ol > li");

test.describe("search results count", () => {
  test("one page of results says how many for what", async ({ page }) => {
    await page.goto("/search?q=business+fixture");
    const shown = await results(page).count();
    expect(shown).toBeGreaterThan(3);
    await expect(summary(page)).toHaveText(`${shown} results for "business fixture"`);
  });

  test("paged results say which they show, of how many, on which page of how many", async ({ page }) => {
    await page.goto("/search?q=fixture");
    const text = (await summary(page).textContent()) ?? "";
    const match = /^Results 1–20 of (\d+) for "fixture" \(page 1 of (\d+)\)$/.exec(text);
    expect(match, text).not.toBeNull();
    const total = Number(match?.[1]);
    const pages = Number(match?.[2]);
    expect(pages).toBe(Math.ceil(total / 20));
    await expect(results(page)).toHaveCount(20);
    await expectAxeClean(page);

    await page
      .getByRole("navigation", { name: "Search results pages" })
      .getByRole("link", { name: "More results" })
      .click();
    await expect(summary(page)).toHaveText(`Results 21–40 of ${total} for "fixture" (page 2 of ${pages})`);

    // The last page holds the rest: the count is the store's, not a guess.
    await page.goto(`/search?q=fixture&page=${pages}`);
    const rest = total - 20 * (pages - 1);
    await expect(results(page)).toHaveCount(rest);
    await expect(summary(page)).toHaveText(
      `Results ${20 * (pages - 1) + 1}–${total} of ${total} for "fixture" (page ${pages} of ${pages})`,
    );
    // Past it: where the results end.
    await page.goto(`/search?q=fixture&page=${pages + 1}`);
    await expect(page.getByRole("main")).toContainText(
      `No more results for "fixture": its ${total} results end on page ${pages}.`,
    );
  });
});
