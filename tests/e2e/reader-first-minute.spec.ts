/**
 * What a newcomer sees in the first minute: no stray separator at a line's end in a byline, and
 * sample illustrations that do not glare in dark mode.
 */
import type { Page } from "@playwright/test";
import { writeFeedsConfig } from "#scripts/lib/feeds-config.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";

/** For each "·" in the element's text: is the next visible character on the same line? */
function separatorsKeptWithTheirItem(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const chars: Array<{ node: Text; offset: number }> = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? "";
        for (let i = 0; i < text.length; i++) if (text[i]?.trim()) chars.push({ node: n as Text, offset: i });
      }
      const top = ({ node, offset }: { node: Text; offset: number }) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return Math.round(range.getBoundingClientRect().top);
      };
      return chars.flatMap((c, i) => {
        const next = chars[i + 1];
        return c.node.textContent?.[c.offset] === "·" && next
          ? [{ text: element.textContent, sameLine: top(c) === top(next) }]
          : [];
      });
    }),
  );
}

test("a blog byline never ends a line with its separator", async ({ page }) => {
  await page.goto("/blog");
  const posts = await page
    .getByTestId("post-card")
    .getByRole("heading")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(posts.length).toBeGreaterThan(3);
  for (const path of ["/blog", ...posts]) {
    await page.goto(path);
    const separators = await separatorsKeptWithTheirItem(
      page,
      "main p:has(> span > time), main p:has(> time)",
    );
    expect(separators.length, path).toBeGreaterThan(0);
    for (const s of separators) expect(s.sameLine, `${path}: ${s.text}`).toBe(true);
  }
});

test.describe("sample illustrations in dark mode", () => {
  let server: AppServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  /** Mean luminance (0–1) of the lead story's illustration as drawn on screen. */
  async function leadImageLuminance(page: Page, blank: Page) {
    const image = page.getByTestId("lead-article").locator("img");
    await expect(image).toHaveAttribute("src", /^\/images\/samples\//);
    await expect
      .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeTruthy();
    const png = (await image.screenshot()).toString("base64");
    // Decoded in a blank page: the site's content security policy allows no data: images.
    return blank.evaluate(async (data) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no canvas");
      context.drawImage(img, 0, 0);
      const { data: px } = context.getImageData(0, 0, img.width, img.height);
      let sum = 0;
      for (let i = 0; i < px.length; i += 4) {
        sum += 0.2126 * (px[i] ?? 0) + 0.7152 * (px[i + 1] ?? 0) + 0.0722 * (px[i + 2] ?? 0);
      }
      return sum / (px.length / 4) / 255;
    }, png);
  }

  test("are dimmed when the reader's system is dark", async ({ browser }) => {
    test.skip(test.info().project.name !== "wide", "scenario servers run once");
    // Every feed failing: the site shows its own sample headlines and their illustrations.
    server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig({}, "fail") });
    const light = await browser.newPage({ colorScheme: "light" });
    const dark = await browser.newPage({ colorScheme: "dark" });
    const blank = await browser.newPage();
    try {
      for (const page of [light, dark]) {
        await page.goto(`${server.url}/`);
        await waitForHydration(page);
      }
      const inLight = await leadImageLuminance(light, blank);
      const inDark = await leadImageLuminance(dark, blank);
      expect(inLight).toBeGreaterThan(0.5);
      // A bright sky would glare beside dark text on a dark page.
      expect(inDark, `light ${inLight}, dark ${inDark}`).toBeLessThan(inLight * 0.8);
    } finally {
      for (const page of [light, dark, blank]) await page.close();
    }
  });
});
