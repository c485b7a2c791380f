/**
 * Today's date in the header is the reader's own: the server renders its date (the site's zone),
 * and the page script then shows the reader's calendar date, without an error on the way (the
 * fixture fails the test on any console error).
 */
import { identity } from "#content/site.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

test.use({ timezoneId: "Asia/Tokyo", locale: "ja-JP" });

// 08:30 on Tuesday the 2nd in Tokyo is still Monday the 1st in New York. (A day unlike the
// server's own today, so the test cannot pass by showing the server's date.)
const MORNING_IN_TOKYO = new Date("2027-03-01T23:30:00Z");

test("a reader in Tokyo at 08:30 sees Tokyo's date, not New York's yesterday", async ({ page, isMobile }) => {
  await page.clock.setFixedTime(MORNING_IN_TOKYO);
  await page.goto("/about");
  await waitForHydration(page);
  const date = page.getByRole("banner").locator("time").first();
  await expect(date).toHaveAttribute("datetime", "2027-03-02");
  const wide = (page.viewportSize()?.width ?? 0) >= 768 && !isMobile;
  await expect(date.locator("span:visible")).toHaveText(wide ? "Tuesday, March 2, 2027" : "Mar 2, 2027");
});

test("the server's HTML carries the server's date in the site's zone", async ({ request }) => {
  const html = await (await request.get("/about")).text();
  const today = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: identity.timeZone,
  }).format(new Date());
  // The page is rendered within the second; at the stroke of midnight it may be the day before.
  const yesterday = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: identity.timeZone,
  }).format(new Date(Date.now() - 60_000));
  expect(html).toMatch(new RegExp(`<time dateTime="(${today}|${yesterday})"`, "i"));
});
