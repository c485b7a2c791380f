import { expect, test, waitForHydration } from "./fixtures.ts";

test.describe("/books", () => {
  test("has the banner, the Books section and 45 cards", async ({ page }) => {
    await page.goto("/books");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    for (const name of ["Apply for Admission", "Learn More", "View All Books on Amazon"]) {
      const link = page.getByRole("link", { name: new RegExp(name) });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
    await expect(page.getByText("Accredited programs")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Books", exact: true })).toBeVisible();
    const cards = page.locator("main ul li img");
    await expect(cards).toHaveCount(45);
    await expect(cards.first()).toHaveAttribute("loading", "lazy");
    const amazon = page.getByRole("link", { name: /^View on Amazon/ });
    await expect(amazon).toHaveCount(45);
    await expect(amazon.first()).toHaveAttribute("target", "_blank");
  });

  test("a cover is fetched after the first paint and shows when the reader reaches it", async ({ page }) => {
    await page.goto("/books");
    await waitForHydration(page);
    const first = page.locator("main ul li img").first();
    await first.scrollIntoViewIfNeeded();
    await expect(first).toHaveAttribute("src", /^\/covers\/[a-z0-9-]+\.webp$/);
    await expect(first).not.toHaveAttribute("data-src");
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/covers\/[a-z0-9-]+(-320w)?\.webp$/,
    );
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("every cover still shows, from its <noscript> copy", async ({ page }) => {
      await page.goto("/books");
      const waiting = page.locator("main ul li img[data-src]");
      await expect(waiting).toHaveCount(45);
      await expect(waiting.first()).toBeHidden();
      // Without scripting the parser reads <noscript> as markup: its picture has a src.
      const cover = page.locator("main ul li img[src^='/covers/']").first();
      await cover.scrollIntoViewIfNeeded();
      await expect(cover).toBeVisible();
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    });
  });

  test("the grid has 2, 3, 4 or 5 columns by width", async ({ page }) => {
    const expected: Array<[number, number]> = [
      [375, 2],
      [700, 3],
      [900, 4],
      [1280, 5],
    ];
    await page.goto("/books");
    for (const [width, columns] of expected) {
      await page.setViewportSize({ width, height: 900 });
      const count = await page
        .locator("main ul:has(li img)")
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
      expect(count, `${width}px`).toBe(columns);
    }
  });

  test.describe("a broken cover", () => {
    test.use({ allowConsole: /Failed to load resource/ });

    test("swaps once to the placeholder and never loops", async ({ page }) => {
      let placeholderRequests = 0;
      // Every cover fails, and so does the placeholder: the card must still stop after one swap.
      await page.route("**/covers/**", (route) => {
        if (route.request().url().endsWith("/covers/placeholder.svg")) placeholderRequests++;
        return route.abort();
      });
      await page.goto("/books");
      await waitForHydration(page);
      const first = page.locator("main ul li img").first();
      await expect(first).toHaveAttribute("src", "/covers/placeholder.svg");
      await expect(first).not.toHaveAttribute("srcset");
      // Each failed card asks for the placeholder once (the covers near the viewport fail
      // together, so a few ask); a loop would keep asking.
      await page.waitForTimeout(500);
      const failedCards = await page.locator("main ul li img[data-failed]").count();
      expect(failedCards).toBeGreaterThan(0);
      expect(placeholderRequests).toBeGreaterThan(0);
      expect(placeholderRequests).toBeLessThanOrEqual(failedCards);
      const settled = placeholderRequests;
      await page.waitForTimeout(1000);
      expect(placeholderRequests).toBe(settled);
      await expect(first).toHaveAttribute("src", "/covers/placeholder.svg");
    });
  });
});
