/**
 * No dead ends behind a third-party frame: the events wall and the featured video each carry a
 * visible link to the same content on its own site, which stays there when the frame fails.
 */
import { embeds } from "#content/embeds.ts";
import { expect, expectAxeClean, test, waitForHydration } from "./fixtures.ts";

test.describe("ways out of the embeds", () => {
  // The refused frames are reported in the console as failed loads.
  test.use({ allowConsole: /Failed to load resource|net::ERR_FAILED|refused to connect|ERR_BLOCKED/ });

  test("/events links to the events on their own site, and the link stays when the wall fails", async ({
    page,
  }) => {
    // The wall's site refuses the frame, as it does for most embedders.
    await page.route(`${new URL(embeds.eventsWall.url).origin}/**`, (route) =>
      route.abort("blockedbyresponse"),
    );
    const response = await page.goto("/events");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    const link = main.getByRole("link", { name: /see the events on eventbrite\.com/i });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", embeds.eventsWall.url);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    // Above the frame, so a failed frame never hides it.
    const frame = main.locator("iframe");
    await frame.scrollIntoViewIfNeeded();
    await expect(link).toBeVisible();
    const [linkBox, frameBox] = [await link.boundingBox(), await frame.boundingBox()];
    expect(linkBox && frameBox && linkBox.y + linkBox.height <= frameBox.y).toBe(true);
    await expectAxeClean(page);
  });

  test("the home page's video links to the video on YouTube, before play and after the player fails", async ({
    page,
  }) => {
    await page.route("https://www.youtube-nocookie.com/**", (route) => route.abort("blockedbyclient"));
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#newsletter").scrollIntoViewIfNeeded();
    const video = page.getByRole("region", { name: "Featured video" });
    const link = video.getByRole("link", { name: /Watch on YouTube/ });
    const href = `https://www.youtube.com/watch?v=${embeds.video.id}`;
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");

    await video.getByRole("button", { name: /Play video/ }).click();
    await expect(video.locator("iframe")).toBeAttached();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", href);
    await expectAxeClean(page);
  });
});
