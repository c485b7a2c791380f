/**
 * The publisher's categories reach the reader: a card names its section
 * (category, the section's display name, as the spec says) and then the publisher's own topic.
 * The fixture publisher tags odd items "Charging" and "Grid", every fourth "Batteries", the rest not.
 */
import { expect, test, waitForHydration } from "./fixtures.ts";

test("section cards show the section's name, then the publisher's first category when there is one", async ({
  page,
}) => {
  await page.goto("/technology");
  await waitForHydration(page);
  const cards = page.getByTestId("article-card");
  await expect(cards).toHaveCount(15);
  const label = (i: number) => cards.nth(i).locator("p").first();
  // Items 1, 2, 3 and 4 of the feed: Charging, none, Charging, Batteries.
  await expect(label(0)).toHaveText("Technology & Innovation, Charging");
  await expect(cards.nth(0).getByTestId("topic")).toHaveText("Charging");
  await expect(cards.nth(1).getByTestId("topic")).toHaveCount(0);
  await expect(label(1)).toHaveText("Technology & Innovation");
  await expect(cards.nth(3).getByTestId("topic")).toHaveText("Batteries");
});

test("the home page's lead and cards carry the topic too", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const lead = page.getByTestId("lead-article");
  await expect(lead.getByTestId("topic")).toHaveText("Charging");
  await expect(lead).toContainText("Local News");
});
