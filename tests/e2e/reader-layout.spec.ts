/**
 * Layout at the widths readers use (issue 26): the top bar keeps one row from 768 px up, a card's
 * date follows its text (no blank gap above it), and rows of cards leave no column empty.
 */
import type { Locator } from "@playwright/test";
import { expect, expectAxeClean, test, waitForHydration } from "./fixtures.ts";

test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, "run once, at the widths each test sets");
// Each test loads its page at five widths.
test.describe.configure({ timeout: 120_000 });

const WIDE_WIDTHS = [768, 820, 1024, 1280, 1440];

type Box = { x: number; y: number; width: number; height: number };
const boxesOf = (locator: Locator) =>
  locator.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );

test("the top bar keeps date, links and Subscribe on one row from 768 px up", async ({ page }) => {
  for (const width of WIDE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/about");
    const bar = page.getByRole("banner").locator("> div").first();
    const items = await boxesOf(page.getByRole("navigation", { name: "Site" }).locator("> ul > li"));
    expect(items.length, `${width}`).toBe(8);
    // Every link on the same line.
    for (const item of items) {
      expect(Math.abs(item.y - (items[0] as Box).y), `${width}`).toBeLessThan(2);
      expect(item.height, `${width}: a link on two lines`).toBeLessThan(44);
    }
    // The date on one line, and the bar no taller than its tallest control and its padding.
    const date = await page.getByRole("banner").locator("time").first().boundingBox();
    expect(date?.height ?? 99, `${width}`).toBeLessThan(24);
    expect((await bar.boundingBox())?.height ?? 99, `${width}`).toBeLessThanOrEqual(50);
  }
});

/** Groups boxes into rows by their top edge; every row must reach the container's right edge. */
function expectFullRows(boxes: Box[], container: Box, label: string) {
  const rows = new Map<number, Box[]>();
  for (const b of boxes) {
    const key = [...rows.keys()].find((y) => Math.abs(y - b.y) < 2) ?? b.y;
    rows.set(key, [...(rows.get(key) ?? []), b]);
  }
  for (const [y, row] of rows) {
    const right = Math.max(...row.map((b) => b.x + b.width));
    expect(right, `${label}: the row at y=${Math.round(y)} ends short`).toBeGreaterThan(
      container.x + container.width - 2,
    );
  }
}

/** The gap between a card's text and its date line is the card's own spacing, nothing more. */
async function expectDatesFollowText(cards: Locator, label: string) {
  const gaps = await cards.evaluateAll((els) =>
    els.map((card) => {
      const meta = card.querySelector("p:has([data-testid=publisher])") as Element;
      const above = meta.previousElementSibling as Element;
      return meta.getBoundingClientRect().top - above.getBoundingClientRect().bottom;
    }),
  );
  expect(gaps.length, label).toBeGreaterThan(0);
  for (const gap of gaps) expect(gap, label).toBeLessThanOrEqual(9);
}

test("home: every block's rows are full, and a card's date follows its text", async ({ page }) => {
  for (const width of WIDE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const blocks = page.locator("section[data-block]");
    await expect(blocks.first()).toBeVisible();
    for (const block of await blocks.all()) {
      const name = await block.getAttribute("data-block");
      const grid = block.locator("> div.grid");
      const gridBox = await grid.boundingBox();
      if (!gridBox) throw new Error(`no grid in ${name}`);
      expectFullRows(await boxesOf(grid.locator("> article")), gridBox, `${name} at ${width}`);
      await expectDatesFollowText(grid.locator("> article"), `${name} at ${width}`);
    }
  }
});

test("home: the featured video is centred, with no empty third beside it", async ({ page }) => {
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const video = page.locator("section[aria-labelledby=video-title]");
    await video.scrollIntoViewIfNeeded();
    const [v, main] = [await video.boundingBox(), await page.getByRole("main").boundingBox()];
    if (!v || !main) throw new Error("no video");
    const left = v.x - main.x;
    const right = main.x + main.width - (v.x + v.width);
    expect(Math.abs(left - right), `${width}`).toBeLessThan(2);
  }
});

test("a section page: rows are full and the first row's dates follow their text", async ({ page }) => {
  for (const width of WIDE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/technology");
    const cards = page.getByRole("main").getByTestId("article-card");
    await expect(cards).toHaveCount(15);
    const gridBox = await page.getByRole("main").locator("div.grid").first().boundingBox();
    if (!gridBox) throw new Error("no grid");
    expectFullRows(await boxesOf(cards), gridBox, `/technology at ${width}`);
    await expectDatesFollowText(cards, `/technology at ${width}`);
  }
  await waitForHydration(page);
  await expectAxeClean(page);
});

test("the home page stays axe clean", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expectAxeClean(page);
});
