import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expect, expectAxeClean, holdRequests, test, waitForHydration } from "./fixtures.ts";

/** Our five posts in content/blog, newest first. */
const POSTS = [
  {
    slug: "what-a-home-charger-really-costs-and-when-you-can-skip-it",
    title: "What a home charger really costs, and when you can skip it",
  },
  {
    slug: "ccs1-to-j3400-plug-switch",
    title: "From CCS1 to J3400: what North America's plug switch means for drivers",
  },
  {
    slug: "winter-range-how-much-an-ev-really-loses-in-the-cold",
    title: "Winter range: how much an EV really loses in the cold, and how to win it back",
  },
  {
    slug: "why-fast-charging-slows-to-a-crawl-after-80-percent",
    title: "Why fast charging slows to a crawl after 80 percent",
  },
  {
    slug: "level-1-level-2-or-dc-fast-what-charging-speeds-really-mean",
    title: "Level 1, Level 2 or DC fast: what charging speeds really mean",
  },
];

/** A toast by its title, in the page's notification area. */
const toast = (page: Page, title: string) =>
  page
    .getByRole("region", { name: "Notifications" })
    .locator("li")
    .filter({ has: page.getByText(title, { exact: true }) });

async function downloaded(download: Download): Promise<string> {
  return readFile((await download.path()) ?? "", "utf8");
}

test.describe("blog", () => {
  test("/blog lists our posts newest first, each linking to its page", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    const cards = page.getByTestId("post-card");
    await expect(cards).toHaveCount(5);
    for (const [i, post] of POSTS.entries()) {
      const link = cards.nth(i).getByRole("link", { name: post.title });
      await expect(link).toHaveAttribute("href", `/blog/${post.slug}`);
    }
    const dates = await cards
      .locator("time")
      .evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
    expect([...dates].sort().reverse()).toEqual(dates);
    // The first post's image is the largest paint: loaded at once, with priority, from its srcset.
    const lead = cards.first().locator("img");
    await expect(lead).toHaveAttribute("fetchpriority", "high");
    await expect(lead).not.toHaveAttribute("loading", "lazy");
    await expect
      .poll(() => lead.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(/\/images\/blog\/home-charger-(480|640|800)w\.webp$/);
    await expect(page.getByRole("link", { name: "RSS feed", exact: true })).toHaveAttribute(
      "href",
      "/rss.xml",
    );
  });

  test("a post renders its sanitised markdown, byline, image and article metadata", async ({ page }) => {
    const post = POSTS[4];
    await page.goto(`/blog/${post?.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post?.title ?? "");
    const article = page.locator("article[aria-labelledby='post-title']");
    await expect(article).toContainText("By Maya Okafor");
    await expect(article.locator("time").first()).toHaveText("Tuesday, November 17, 2026");
    await expect(
      article.getByRole("heading", { level: 2, name: "Power and energy: kW versus kWh" }),
    ).toBeVisible();
    await expect(article.getByRole("table")).toContainText("Level 2");
    await expect(article.getByRole("table").getByRole("columnheader")).toHaveText([
      "Level",
      "Where you find it",
      "Typical power",
      "Range added",
    ]);
    await expect(article.locator("ol > li")).toHaveCount(3);
    // A link to another post goes to a page that exists.
    const inner = article.getByRole("link", { name: "a separate piece" });
    await expect(inner).toHaveAttribute("href", `/blog/${POSTS[3]?.slug}`);
    // The hero loads, and from its srcset: at 1x both projects' widths take a narrower file than
    // the 1200 px original.
    const hero = article.locator("figure img");
    await expect.poll(() => hero.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    expect(await hero.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(
      /\/images\/blog\/charging-levels-(480|640|800)w\.webp$/,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/images\/blog\/charging-levels\.webp$/,
    );
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((t) => t.includes('"@type":"BlogPosting"'))).toBe(true);
    await waitForHydration(page);
    await inner.click();
    await expect(page).toHaveURL(`/blog/${POSTS[3]?.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(POSTS[3]?.title ?? "");
  });

  test.describe("an unknown post", () => {
    test.use({ allowConsole: /status of 404/ });

    test("is the 404 page", async ({ page }) => {
      const response = await page.goto("/blog/no-such-post");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    });
  });

  test("axe finds nothing on /blog and on a post", async ({ page }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    await expectAxeClean(page);
    await page.goto(`/blog/${POSTS[0]?.slug}`);
    await waitForHydration(page);
    await expectAxeClean(page);
  });
});

test.describe("rss manager", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("shows the absolute feed URL, the 5 newest posts and the XML", async ({ page, baseURL }) => {
    await page.goto("/rss-manager");
    await expect(page.getByRole("heading", { level: 1, name: "RSS Feed Manager" })).toBeVisible();
    await expect(page.getByLabel("RSS feed URL")).toHaveValue(`${baseURL}/rss.xml`);
    await expect(page.getByTestId("recent-posts").getByRole("link")).toHaveText(POSTS.map((p) => p.title));
    const preview = page.getByRole("region", { name: "RSS feed XML" });
    await expect(preview).toContainText('<rss version="2.0"');
    await expect(preview).toContainText("<ttl>60</ttl>");
    await expect(page.getByRole("status")).toContainText("5 posts in the feed");
  });

  test("Copy puts the URL on the clipboard with the spec's toast", async ({ page, baseURL }) => {
    await page.goto("/rss-manager");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(toast(page, "RSS feed URL copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/rss.xml`);
  });

  test("a refused clipboard gets a clear message and the URL selected", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, "writeText", {
        value: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
      });
    });
    await page.goto("/rss-manager");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(toast(page, "Could not copy the feed URL")).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "Your browser did not allow copying",
    );
    const selected = await page
      .getByLabel("RSS feed URL")
      .evaluate(
        (el: HTMLInputElement) =>
          el.selectionEnd !== null && el.selectionEnd - (el.selectionStart ?? 0) === el.value.length,
      );
    expect(selected).toBe(true);
  });

  test("View opens the feed in a new tab", async ({ page, context, baseURL }) => {
    await page.goto("/rss-manager");
    await waitForHydration(page);
    const view = page.getByRole("link", { name: /^View/ });
    await expect(view).toHaveAttribute("target", "_blank");
    await expect(view).toHaveAttribute("rel", "noopener noreferrer");
    const [tab] = await Promise.all([context.waitForEvent("page"), view.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${baseURL}/rss.xml`);
    await expect(tab.locator("body")).toContainText("The Electric Ledger");
    await tab.close();
  });

  test("Refresh reloads the feed with 'Feed Refreshed'", async ({ page }) => {
    await page.goto("/rss-manager");
    await waitForHydration(page);
    const fetched = page.waitForResponse(
      (r) => r.url().endsWith("/rss.xml") && r.request().method() === "GET",
    );
    await page.getByRole("button", { name: "Refresh" }).click();
    expect((await fetched).status()).toBe(200);
    await expect(toast(page, "Feed Refreshed")).toBeVisible();
    await expect(toast(page, "Feed Refreshed")).toContainText("5 posts, last built Nov 21, 2026");
  });

  test("Download saves rss.xml with the feed, with the spec's toast", async ({ page }) => {
    await page.goto("/rss-manager");
    await waitForHydration(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("rss.xml");
    const xml = await downloaded(download);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml.match(/<item>/g)).toHaveLength(5);
    expect(xml).toContain(`<link>${new URL(page.url()).origin}/blog/${POSTS[0]?.slug}</link>`);
    await expect(toast(page, "RSS feed downloaded successfully")).toBeVisible();
  });

  test("Regenerate rebuilds the feed from our posts", async ({ page }) => {
    await page.goto("/rss-manager");
    await waitForHydration(page);
    const posted = page.waitForResponse((r) => r.url().endsWith("/rss-manager/regenerate"));
    await page.getByRole("button", { name: "Regenerate" }).click();
    expect((await posted).status()).toBe(200);
    await expect(toast(page, "RSS feed regenerated")).toContainText("5 in the feed");
    await expect(page.getByTestId("recent-posts").getByRole("listitem")).toHaveCount(5);
  });

  test.describe("when regenerating fails", () => {
    test.use({ allowConsole: /status of 500/ });

    test("a destructive toast titled Error: 'Failed to generate RSS feed'", async ({ page }) => {
      await page.route("**/rss-manager/regenerate", (route) =>
        route.fulfill({ status: 500, json: { ok: false, error: "Failed to generate RSS feed" } }),
      );
      await page.goto("/rss-manager");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Regenerate" }).click();
      const error = page.getByRole("region", { name: "Notifications" }).locator('[data-kind="error"]');
      await expect(error).toBeVisible();
      await expect(error.getByText("Error", { exact: true })).toBeVisible();
      await expect(error.getByText("Failed to generate RSS feed", { exact: true })).toBeVisible();
      await expect(page.getByRole("main").getByRole("alert")).toContainText("Failed to generate RSS feed");
      // The page still shows the last good feed.
      await expect(page.getByRole("region", { name: "RSS feed XML" })).toContainText("<rss");
    });
  });

  test("axe finds nothing", async ({ page }) => {
    await page.goto("/rss-manager");
    await waitForHydration(page);
    await expectAxeClean(page);
  });
});

test.describe("sitemap manager", () => {
  test("main sitemap: idle, generating, then a preview and a Download of sitemap.xml", async ({
    page,
    baseURL,
  }) => {
    // The answer waits until the generating state has been seen.
    const release = await holdRequests(page, "**/sitemap.xml");
    await page.goto("/sitemap-manager");
    await waitForHydration(page);
    const card = page.locator("section[aria-labelledby='sitemap-main-title']");
    await expect(card.getByRole("region", { name: "sitemap.xml preview" })).toHaveCount(0);
    await card.getByRole("button", { name: "Generate main sitemap" }).click();
    await expect(card.getByRole("button", { name: "Generating…" })).toBeVisible();
    release();
    await expect(card.getByRole("status")).toHaveText("sitemap.xml: 33 pages.");
    await expect(toast(page, "Main sitemap generated")).toBeVisible();
    const preview = card.getByRole("region", { name: "sitemap.xml preview" });
    await expect(preview).toContainText('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    await expect(preview).toContainText(`<loc>${baseURL}/</loc>`);

    await card.getByText("List the 33 pages").click();
    const rows = card.getByRole("region", { name: "Main sitemap entries" }).getByRole("row");
    await expect(rows.filter({ hasText: /^\/faq/ })).toContainText("0.8");
    await expect(rows.filter({ hasText: /^\/privacy/ })).toContainText("0.3");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "Download sitemap.xml" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("sitemap.xml");
    const xml = await downloaded(download);
    expect(xml).toBe(await preview.locator("code").textContent());
    expect(xml).toContain(`<loc>${baseURL}/blog/${POSTS[0]?.slug}</loc>`);
    await expect(toast(page, "sitemap.xml downloaded")).toBeVisible();
  });

  test("news sitemap: generated and downloaded as news-sitemap.xml", async ({ page }) => {
    await page.goto("/sitemap-manager");
    await waitForHydration(page);
    const card = page.locator("section[aria-labelledby='sitemap-news-title']");
    await card.getByRole("button", { name: "Generate news sitemap" }).click();
    await expect(card.getByRole("status")).toContainText(/^news-sitemap\.xml: \d+ articles?/);
    await expect(toast(page, "News sitemap generated")).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "Download news-sitemap.xml" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("news-sitemap.xml");
    const xml = await downloaded(download);
    expect(xml).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    await expect(toast(page, "news-sitemap.xml downloaded")).toBeVisible();
  });

  test.describe("when the server fails", () => {
    test.use({ allowConsole: /status of 503/ });

    test("a failure says so plainly, and trying again works", async ({ page }) => {
      let fail = true;
      await page.route("**/sitemap.xml", (route) =>
        fail ? route.fulfill({ status: 503, body: "down" }) : route.continue(),
      );
      await page.goto("/sitemap-manager");
      await waitForHydration(page);
      const card = page.locator("section[aria-labelledby='sitemap-main-title']");
      await card.getByRole("button", { name: "Generate main sitemap" }).click();
      await expect(card.getByRole("alert")).toHaveText(
        "The main sitemap could not be generated: the server answered 503. Please try again in a moment.",
      );
      await expect(card.getByRole("button", { name: /^Download/ })).toHaveCount(0);
      fail = false;
      await card.getByRole("button", { name: "Generate again" }).click();
      await expect(card.getByRole("status")).toHaveText("sitemap.xml: 33 pages.");
      await expect(card.getByRole("alert")).toHaveCount(0);
    });
  });

  test("lists robots.txt and llms.txt with their contents", async ({ page, baseURL }) => {
    await page.goto("/sitemap-manager");
    const robots = page.getByRole("region", { name: "robots.txt contents" });
    await expect(robots).toContainText("User-agent: *");
    await expect(robots).toContainText(`Sitemap: ${baseURL}/sitemap.xml`);
    await expect(robots).toContainText(`Sitemap: ${baseURL}/news-sitemap.xml`);
    const llms = page.getByRole("region", { name: "llms.txt contents" });
    await expect(llms).toContainText("# The Electric Ledger");
    await expect(llms).toContainText("## Usage and citation policy");
    await expect(page.getByRole("link", { name: "Open /llms.txt" })).toHaveAttribute("href", "/llms.txt");
  });

  test("axe finds nothing, before and after generating", async ({ page }) => {
    await page.goto("/sitemap-manager");
    await waitForHydration(page);
    await expectAxeClean(page);
    await page.getByRole("button", { name: "Generate main sitemap" }).click();
    await page.getByRole("button", { name: "Generate news sitemap" }).click();
    await expect(page.getByRole("button", { name: /^Download sitemap.xml/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Download news-sitemap.xml/ })).toBeVisible();
    await page.getByText("List the 33 pages").click();
    // The toasts are the frame's, checked by its own tests (its <ol> of role=status items is
    // reported to the lead); this checks the page's own markup.
    const close = page.getByRole("button", { name: "Close notification" });
    // A toast may also leave by itself between the count and the click.
    while ((await close.count()) > 0)
      await close
        .first()
        .click({ timeout: 1000 })
        .catch(() => {});
    await expect(page.getByRole("region", { name: "Notifications" }).locator("li")).toHaveCount(0);
    await expectAxeClean(page);
  });
});

test.describe("the generated files over HTTP", () => {
  test("/rss.xml: RSS content type, validators and a 304 on a repeat", async ({ request }) => {
    const first = await request.get("/rss.xml");
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const etag = first.headers().etag ?? "";
    const lastModified = first.headers()["last-modified"] ?? "";
    expect(etag).toMatch(/^(W\/)?".+"$/);
    expect((await request.get("/rss.xml", { headers: { "If-None-Match": etag } })).status()).toBe(304);
    expect((await request.get("/rss.xml", { headers: { "If-Modified-Since": lastModified } })).status()).toBe(
      304,
    );
  });

  test("sitemaps, robots.txt and llms.txt with their types", async ({ request }) => {
    for (const [path, type] of [
      ["/sitemap.xml", "application/xml; charset=utf-8"],
      ["/news-sitemap.xml", "application/xml; charset=utf-8"],
      ["/robots.txt", "text/plain; charset=utf-8"],
      ["/llms.txt", "text/plain; charset=utf-8"],
    ]) {
      const res = await request.get(path ?? "");
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-type"], path).toBe(type);
    }
    expect((await request.get("/rss-manager/regenerate")).status()).toBe(405);
  });
});
