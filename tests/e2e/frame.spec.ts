import { expect, expectAxeClean, isWide, test, waitForHydration } from "./fixtures.ts";

const STATIC_PAGES = [
  { path: "/about", heading: "About" },
  { path: "/privacy", heading: "Privacy" },
  { path: "/terms", heading: "Terms" },
  { path: "/partners", heading: "Partner Documents" },
  { path: "/books", heading: "Transform Your Life with Ancient Wisdom" },
];

test.describe("the frame", () => {
  for (const { path, heading } of STATIC_PAGES) {
    test(`${path} renders inside the frame and is axe clean`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      await expect(page.getByRole("link", { name: "The Electric Ledger", exact: true })).toBeVisible();
      await waitForHydration(page);
      await expectAxeClean(page);
    });
  }

  test("the header shows the long date on wide screens and the short one on narrow", async ({
    page,
  }, info) => {
    await page.goto("/about");
    const date = page.getByRole("banner").locator("time").first();
    const text = (await date.innerText()).trim();
    if (isWide(info.project.name)) {
      expect(text).toMatch(
        /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4}$/,
      );
    } else {
      expect(text).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    }
  });

  test("the footer carries the about text, links, copyright and network claim", async ({ page }) => {
    await page.goto("/terms");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© 2024");
    await expect(footer).toContainText("3,000 publications");
    for (const name of ["About", "Contact", "Privacy Policy", "Terms of Service"]) {
      await expect(
        footer.getByRole("navigation", { name: "Legal" }).getByRole("link", { name }),
      ).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("navigation", { name: "Sections" }).getByRole("link")).toHaveCount(16);
  });

  test("the search box is a labelled GET form to /search", async ({ page }, info) => {
    test.skip(!isWide(info.project.name), "the header search box shows on wide screens");
    await page.goto("/about");
    const search = page.getByRole("banner").getByRole("search");
    await expect(search).toHaveAttribute("action", "/search");
    await expect(search).toHaveAttribute("method", "get");
    await expect(search.getByLabel("Search articles")).toHaveAttribute("name", "q");
  });

  test("the Subscribe button links to the newsletter", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("banner").getByRole("link", { name: "Subscribe" })).toHaveAttribute(
      "href",
      "/#newsletter-email",
    );
  });
});

test.describe("wide navigation", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, "wide screens only");

  test("shows the two section rows", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Primary" });
    const rows = nav.locator("ul");
    await expect(rows.nth(0).getByRole("link")).toHaveText([
      "Local",
      "National",
      "World",
      "Politics",
      "Business",
      "Technology",
      "Automotive",
      "Partners",
    ]);
    await expect(rows.nth(1).getByRole("link")).toHaveText([
      "Real Estate",
      "Health",
      "Sports",
      "Arts & Culture",
      "Food",
      "Lifestyle",
      "Opinion",
      "FAQ",
    ]);
  });

  test("the News Sections dropdown opens on hover and lists 16 sections", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const site = page.getByRole("navigation", { name: "Site" });
    await expect(site.getByRole("link", { name: "Home" })).toBeVisible();
    for (const name of ["About", "Partners", "FAQ", "Contact", "Books", "Radio"]) {
      await expect(site.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const trigger = site.getByRole("button", { name: "News Sections" });
    const panel = site.locator("#news-sections");
    await trigger.hover();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link")).toHaveCount(16);
    // Under its button, not over the page's middle.
    const [t, p] = [await trigger.boundingBox(), await panel.boundingBox()];
    expect(Math.round(p?.x ?? 0)).toBe(Math.round(t?.x ?? -1));
    expect(p?.y ?? 0).toBeGreaterThanOrEqual((t?.y ?? 0) + (t?.height ?? 0));
    await page.mouse.move(5, 800);
    await expect(panel).toBeHidden();
  });

  test("the dropdown works by keyboard", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const trigger = page.getByRole("button", { name: "News Sections" });
    const panel = page.locator("#news-sections");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toHaveText("Local");
    // Arrows move through the sections.
    await page.keyboard.press("ArrowDown");
    await expect(page.locator(":focus")).toHaveText("National");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(page.locator(":focus")).toHaveText("Events");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
    // ArrowDown on the button opens it at the first section; following one closes it.
    await page.keyboard.press("ArrowDown");
    await expect(page.locator(":focus")).toHaveText("Local");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/local$/);
    await expect(panel).toBeHidden();
  });
});

test.describe("narrow navigation", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, "narrow screens only");

  test("shows Local, National, World and a side sheet of 18 links that traps focus", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const sections = page.getByRole("navigation", { name: "Primary" });
    await expect(sections.getByRole("link", { name: "Local" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "National" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "World" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "Politics" })).toBeHidden();

    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeVisible();
    expect((await sheet.boundingBox())?.width).toBe(280);
    await expect(sheet.getByRole("navigation", { name: "All sections" }).getByRole("link")).toHaveCount(18);
    await expect(sheet.getByRole("search")).toBeVisible();
    await expect(sheet.getByRole("link", { name: "Subscribe" })).toBeVisible();

    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() =>
        Boolean(document.activeElement?.closest("dialog, [role=dialog]")),
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("button", { name: "Open navigation menu" })).toBeFocused();
  });

  test("following a link in the side sheet closes it", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await page.getByRole("dialog", { name: "Navigation" }).getByRole("link", { name: "Partners" }).click();
    await expect(page).toHaveURL(/\/partners$/);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Partner Documents");
  });

  test("the side sheet is 350 px wide from the next breakpoint up", async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    expect((await page.getByRole("dialog", { name: "Navigation" }).boundingBox())?.width).toBe(350);
  });
});

test.describe("feedback", () => {
  test("a link is an ordinary page load: the server sends the next page whole", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (["fetch", "xhr"].includes(r.resourceType())) fetched.push(r.url());
    });
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    const next = page.waitForResponse(
      (r) => r.request().resourceType() === "document" && new URL(r.url()).pathname === "/privacy",
    );
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    expect((await next).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Privacy");
    await waitForHydration(page);
    // No script fetched the page's data: there is no client-side router left to do it.
    expect(fetched).toEqual([]);
  });

  test("icon-only buttons have a tooltip", async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 0) >= 768, "the menu button shows on narrow screens");
    await page.goto("/about");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Open navigation menu" });
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await button.hover();
    await expect(page.getByRole("tooltip")).toHaveText("Open navigation menu");
    await expect(button).toHaveAccessibleDescription("Open navigation menu");
    // Escape dismisses it without moving the pointer (WCAG 1.4.13).
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);
  });
});

test.describe("errors", () => {
  test.use({ allowConsole: /status of (404|500)/ });

  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no/such/page?x=1");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect(page.getByRole("main").getByRole("link", { name: /front page/ })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(page.getByRole("banner")).toBeVisible();
    await waitForHydration(page);
    await expectAxeClean(page);
  });

  test("a rendering failure shows the error screen inside the frame without server details", async ({
    page,
  }) => {
    const response = await page.goto("/_test/error");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unexpected Application Error!");
    await expect(page.getByRole("main")).toContainText("Unexpected Server Error");
    expect(await page.content()).not.toContain("secret-detail-42");
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});

test.describe("pages", () => {
  test("about has the five sections", async ({ page }) => {
    await page.goto("/about");
    for (const id of ["mission", "vision", "network", "coverage", "editorial-standards"]) {
      await expect(page.locator(`section#${id} h2`)).toBeVisible();
    }
  });

  test("privacy makes the spec's claims", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("main")).toContainText("72 hours");
    await expect(page.getByRole("main")).toContainText("13");
  });

  test("partners embeds three documents lazily, each with its original link", async ({ page }) => {
    await page.goto("/partners");
    const frames = page.locator("main iframe");
    await expect(frames).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      await expect(frames.nth(i)).toHaveAttribute("loading", "lazy");
      await expect(frames.nth(i)).toHaveAttribute("title", /.+/);
    }
    const links = page.getByRole("link", { name: /View Original Document/ });
    await expect(links).toHaveCount(3);
    for (let i = 0; i < 3; i++) await expect(links.nth(i)).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.getByRole("main").getByRole("link", { name: /Contact the newsroom/ })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});

test.describe("reading pages ship no framework", () => {
  for (const path of ["/", "/technology", "/about"]) {
    test(`${path} loads only the page script and its small chunks, no React`, async ({ page }) => {
      const scripts = new Map<string, number>();
      page.on("response", async (r) => {
        if (r.request().resourceType() !== "script") return;
        scripts.set(new URL(r.url()).pathname, (await r.body().catch(() => Buffer.alloc(0))).length);
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      // No script element loads a file: the inline starter imports the page script after the
      // first paint (ADR 0015); the other inline scripts are the rules and the structured data.
      expect(await page.locator("script[src]").count()).toBe(0);
      const starter = await page.locator("head script:not([type])").textContent();
      const own = /"(\/assets\/page-[\w-]+\.js)"/.exec(starter ?? "")?.[1];
      expect(own).toBeTruthy();
      const names = [...scripts.keys()];
      expect(names).toContain(own);
      expect(names.filter((n) => /react|entry\.client|manifest|root-|islands-/i.test(n))).toEqual([]);
      // The page script's own imports: each a few kilobytes at most.
      for (const [name, bytes] of scripts) {
        expect(name).toMatch(/^\/assets\/[\w.-]+\.js$/);
        expect(bytes, name).toBeLessThan(12_000);
      }
      expect(names.length).toBeLessThanOrEqual(5);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    });
  }
});
