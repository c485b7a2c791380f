/**
 * Back after a block's "See All" returns the reader to where they left home, and nothing loading
 * afterwards (articles, pictures, the page script) moves them from there (issue 27). Every
 * navigation is an ordinary page load: the browser restores the position itself (from its page
 * cache when it can), on Back and on Forward.
 */
import { expect, test, waitForHydration } from "./fixtures.ts";

const blockTop = (key: string) =>
  `document.querySelector('section[data-block="${key}"]').getBoundingClientRect().top + window.scrollY`;

for (const key of ["technology", "business", "politics"]) {
  test(`Back after ${key}'s See All restores the position the reader left, and it stays`, async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const block = page.locator(`section[data-block="${key}"]`);
    await expect(block.getByTestId("article-card").first()).toBeVisible();
    // The reader scrolls until the block's heading is near the top of the window.
    await page.mouse.wheel(0, (await page.evaluate<number>(blockTop(key))) - 120);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // Let the scroll (and whatever it brought into view) settle, then note where the reader is.
    await page.waitForTimeout(500);
    const left = await page.evaluate(() => window.scrollY);

    await block.getByRole("link", { name: /^See All/ }).click();
    await expect(page).toHaveURL(new RegExp(`/${key}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("article-card").first()).toBeVisible();
    await waitForHydration(page);
    // Down the section's page a little, to find it there again on Forward.
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.waitForTimeout(300);
    const there = await page.evaluate(() => window.scrollY);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(left, -1);
    // No later jump: once everything has loaded the reader is still where they left.
    await page.waitForTimeout(1500);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThanOrEqual(4);
    await expect(block.locator("h2")).toBeInViewport();

    // Forward, and Back once more: each page where the reader left it.
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`/${key}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(there, -1);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(left, -1);
    await expect(block.locator("h2")).toBeInViewport();
  });
}
