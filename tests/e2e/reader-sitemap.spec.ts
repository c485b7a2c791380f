/**
 * /sitemap-manager says, before anything is generated, how many articles the news sitemap lists,
 * or that it is empty and why (Google News' two-day window), and the file agrees.
 */
import { newsSitemapStatus } from "#server/publishing/news-sitemap-status.server.ts";
import { currentPosts } from "#server/publishing/site-files.server.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

test("the news sitemap card says how many articles it lists, or why it is empty", async ({
  page,
  request,
}) => {
  await page.goto("/sitemap-manager");
  const card = page.locator("section[aria-labelledby='sitemap-news-title']");
  // The same posts (content/blog) and clock as the server's: the note it must show.
  const expected = newsSitemapStatus(currentPosts());
  await expect(card.getByText(/^The news sitemap (lists|is empty)/)).toHaveText(expected.note);

  const xml = await (await request.get("/news-sitemap.xml")).text();
  expect(xml.match(/<url>/g)?.length ?? 0).toBe(expected.count);

  await waitForHydration(page);
  await card.getByRole("button", { name: "Generate news sitemap" }).click();
  await expect(card.getByRole("status")).toContainText(`news-sitemap.xml: ${expected.count} article`);
});
