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
      await page.waitForTimeout(500);
      expect(placeholderRequests).toBe(1);
      await expect(first).toHaveAttribute("src", "/covers/placeholder.svg");
    });
  });
});
