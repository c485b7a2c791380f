import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { FIXTURE_FEED_NAME, fixtureChannelTitle, writeFeedsConfig } from "#scripts/lib/feeds-config.ts";
import { expect, expectAxeClean, holdRequests, isWide, test, waitForHydration } from "./fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";

const HOME_ORDER = [
  "Local News",
  "National News",
  "World News",
  "Technology & Innovation",
  "Business & Finance",
  "Politics & Government",
];

const blocks = (page: Page) => page.locator("main section[data-block]");

test.describe("home", () => {
  test("six blocks in the spec's order, with See All links and 5 articles each", async ({ page }) => {
    await page.goto("/");
    await expect(blocks(page).locator("h2")).toHaveText(HOME_ORDER);
    const keys = ["local", "national", "world", "technology", "business", "politics"];
    for (const [i, key] of keys.entries()) {
      const block = blocks(page).nth(i);
      await expect(block.getByRole("link", { name: /^See All/ })).toHaveAttribute("href", `/${key}`);
      const total =
        (await block.getByTestId("lead-article").count()) + (await block.getByTestId("article-card").count());
      expect(total, key).toBe(5);
    }
    await expect(blocks(page).first().getByTestId("lead-article")).toHaveCount(1);
    await expect(blocks(page).first().getByTestId("article-card")).toHaveCount(4);
    await expect(blocks(page).nth(1).getByTestId("lead-article")).toHaveCount(0);
  });

  test("the lead article has image, category, title, excerpt, date and read time", async ({ page }) => {
    await page.goto("/");
    const lead = page.getByTestId("lead-article");
    const img = lead.locator("img");
    await expect(img).toHaveAttribute("loading", "eager");
    await expect(img).toHaveAttribute("fetchpriority", "high");
    await expect(img).toHaveAttribute("src", /^\/img\?u=/);
    await expect(lead).toContainText("Local News");
    const title = lead.getByRole("link", { name: /local fixture headline 1\b/ });
    await expect(title).toHaveAttribute("href", "https://news.example/local/1");
    await expect(title).toHaveAttribute("target", "_blank");
    await expect(title).toHaveAttribute("rel", "noopener noreferrer");
    await expect(lead).toContainText("Summary of local story 1");
    await expect(lead.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(lead).toContainText("1 min read");
    // Its publisher, by the feed's channel title, beside the date.
    await expect(lead.getByTestId("publisher")).toHaveText(fixtureChannelTitle("local"));
    await expect(lead.getByTestId("publisher")).toBeVisible();
    // The image really loads, through our origin.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  });

  test("cards show category, title, excerpt, publisher, short date and read time", async ({ page }) => {
    await page.goto("/");
    const card = blocks(page).nth(2).getByTestId("article-card").nth(1);
    await expect(card).toContainText("World News");
    await expect(card.getByRole("link")).toHaveAttribute("href", "https://news.example/world/2");
    await expect(card.locator("p.line-clamp-3")).toContainText("Summary of world story 2");
    await expect(card).toContainText("2 min read");
    // The feed list names the world feed's publisher: that name wins over the channel title.
    await expect(card.getByTestId("publisher")).toHaveText(FIXTURE_FEED_NAME);
    await expect(card.getByTestId("publisher")).toBeVisible();
    // Every headline on the page names its publisher.
    const cards = page.getByTestId("article-card").or(page.getByTestId("lead-article"));
    await expect(cards.getByTestId("publisher")).toHaveCount(await cards.count());
  });

  test("the ticker lists the latest headlines and links out", async ({ page }) => {
    await page.goto("/");
    const ticker = page.getByRole("region", { name: "Latest headlines" });
    const links = ticker.locator("ul:not([aria-hidden]) a");
    await expect.poll(() => links.count()).toBeGreaterThan(5);
    await expect(links.first()).toHaveAttribute("target", "_blank");
    await expect(links.first()).toHaveAttribute("href", /^https:\/\/news\.example\//);
    // Each headline names its publisher after it.
    const publishers = ticker.locator("ul:not([aria-hidden]) li").getByTestId("publisher");
    await expect(publishers).toHaveCount(await links.count());
    await expect(publishers.first()).toHaveText(/^([A-Z][a-z]+ Fixture Courier|Worldwide Fixture Wire)$/);
    await expect(publishers.first()).toBeVisible();
  });

  test("the welcome toast appears after a second, once per session", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Welcome to The Electric Ledger")).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(1500);
    await expect(page.getByText("Welcome to The Electric Ledger")).toHaveCount(0);
  });

  test("a warm store's headlines are sent in place, not after the skeletons", async ({ request }) => {
    // React's server renderer would outline a finished boundary this large: skeletons in place,
    // headlines at the end of the stream.
    await expect
      .poll(async () => (await (await request.get("/")).text()).includes('data-testid="lead-article"'))
      .toBe(true);
    const html = await (await request.get("/")).text();
    expect(html).not.toContain('data-testid="block-skeleton"');
    // Outlined content arrives after the footer, at the end of the document.
    expect(html.indexOf('data-testid="lead-article"')).toBeLessThan(html.indexOf("<footer"));
  });

  test("the welcome toast moves nothing on the page as it appears (no layout shift)", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Welcome to The Electric Ledger")).toBeVisible();
    const shifts = await page.evaluate(
      () =>
        new Promise<Array<{ value: number; nodes: string[] }>>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(
              (
                list.getEntries() as Array<
                  PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }
                >
              ).map((e) => ({
                value: e.value,
                nodes: (e.sources ?? []).map(
                  (s) => (s.node as Element | undefined)?.outerHTML.slice(0, 80) ?? "",
                ),
              })),
            );
          }).observe({ type: "layout-shift", buffered: true });
          // No entry at all is the expected answer.
          setTimeout(() => resolve([]), 500);
        }),
    );
    expect(shifts.filter((s) => s.nodes.some((n) => n.includes("Notifications")))).toEqual([]);
  });

  test("the welcome toast is announced and covers no navigation", async ({ page }, testInfo) => {
    await page.goto("/");
    const region = page.getByRole("region", { name: "Notifications" });
    const status = region.getByRole("status").filter({ hasText: "Welcome to The Electric Ledger" });
    await expect(status).toBeVisible();
    const box = await status.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error("no toast box or viewport");
    // Every link, button and field of the header and the navigation bars that is on screen.
    const controls = await page.evaluate(() =>
      [...document.querySelectorAll("header, nav")]
        .flatMap((area) => [...area.querySelectorAll("a, button, input")])
        .map((el) => {
          const r = el.getBoundingClientRect();
          return {
            name: el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName,
            ...r.toJSON(),
          };
        })
        .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight),
    );
    expect(controls.length).toBeGreaterThan(3);
    const covered = controls.filter(
      (r) => r.left < box.x + box.width && r.right > box.x && r.top < box.y + box.height && r.bottom > box.y,
    );
    expect(covered.map((r) => r.name)).toEqual([]);
    // Just below the header (over the ticker, not the lead story: reader-toast.spec.ts); on the
    // right-hand side when the screen is wide.
    const header = await page.getByRole("banner").boundingBox();
    if (!header) throw new Error("no header");
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    if (isWide(testInfo.project.name)) expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
  });

  test("the video, newsletter and footer are in the server's HTML and need no further script", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await expect(page.getByRole("region", { name: "Featured video" })).toBeAttached();
    await expect(page.getByRole("heading", { name: "Stay Updated" })).toBeAttached();
    await expect(page.getByRole("contentinfo")).toBeAttached();
    // The reader scrolls down to them: nothing more is fetched to make them work.
    await page.locator("#newsletter").scrollIntoViewIfNeeded();
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
  });

  test("the featured video loads the privacy-enhanced player only when clicked", async ({ page }) => {
    await page.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<html><body>player</body></html>" }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.locator("iframe[src*='youtube']")).toHaveCount(0);
    await page.locator("#newsletter").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: /Play video/ }).click();
    await expect(page.locator("iframe[src^='https://www.youtube-nocookie.com/embed/']")).toHaveAttribute(
      "title",
      /.+/,
    );
  });

  test("axe finds nothing on the home page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expectAxeClean(page);
  });
});

/** The confirmation token the e2e server stored for a pending address. */
function pendingToken(email: string): string {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR ?? "", "news.db"), { readOnly: true });
  try {
    const row = db.prepare("SELECT token FROM newsletter_subscribers WHERE email = ?").get(email) as
      | { token: string }
      | undefined;
    return row?.token ?? "";
  } finally {
    db.close();
  }
}

test.describe("newsletter", () => {
  const address = (tag: string) =>
    `reader-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

  test("asks to confirm with a toast, answers a repeat the same, and the link confirms", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#newsletter").scrollIntoViewIfNeeded();
    const email = address("js");
    const form = page.locator("#newsletter");
    await form.getByPlaceholder("Enter your email").fill(`  ${email.toUpperCase()} `);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Check your inbox", { exact: true })).toBeVisible();
    const status = form.getByRole("status");
    await expect(status).toContainText(`if ${email} is not subscribed yet`);
    const first = await status.textContent();
    await expect(form.getByPlaceholder("Enter your email")).toHaveValue("");
    await form.getByPlaceholder("Enter your email").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(status).toHaveText(first ?? "");

    // The link the newsroom sends (no mail transport: the CLI lists it) shows a button first.
    const token = pendingToken(email);
    await page.goto(`/newsletter/confirm?token=${token}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
    await expectAxeClean(page);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("status")).toContainText("You're subscribed");
    await page.goto(`/newsletter/confirm?token=${token}`);
    await expect(page.getByText("has expired or has already been used")).toBeVisible();
  });

  test("a sign-up's answer is never cached", async ({ request }) => {
    const res = await request.post("/?index", {
      form: { intent: "newsletter", email: address("cache") },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("no-store");
  });

  test("a bad address gets a message next to the field", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#newsletter").scrollIntoViewIfNeeded();
    const form = page.locator("#newsletter");
    const input = form.getByPlaceholder("Enter your email");
    await input.fill("not-an-address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText("Enter a valid email address, like name@example.com.");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAttribute("aria-describedby", /.+/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form still subscribes and validates", async ({ page }) => {
      await page.goto("/");
      const form = page.locator("#newsletter");
      await form.getByPlaceholder("Enter your email").fill(address("nojs"));
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.locator("#newsletter").getByRole("status")).toContainText("a link to confirm");
      await page.locator("#newsletter").getByPlaceholder("Enter your email").fill("bad@");
      await page.locator("#newsletter").getByRole("button", { name: "Subscribe" }).click();
      await expect(page.locator("#newsletter").getByRole("alert")).toContainText("valid email");
    });
  });
});

test.describe("section pages", () => {
  test("a section shows its title, subtitle and 15 cards, the first with an image", async ({ page }) => {
    await page.goto("/technology");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technology & Innovation");
    await expect(page.locator("main header p")).toHaveText(/.{20,}/);
    const cards = page.getByTestId("article-card");
    await expect(cards).toHaveCount(15);
    await expect(cards.first().locator("img")).toHaveCount(1);
    await expect(cards.nth(1).locator("img")).toHaveCount(0);
    await expect(cards.first()).toContainText("Technology & Innovation");
    await expect(cards.getByTestId("publisher")).toHaveCount(15);
    await expect(cards.nth(1).getByTestId("publisher")).toHaveText(fixtureChannelTitle("technology"));
    await expect(cards.nth(1).getByTestId("publisher")).toBeVisible();
    await waitForHydration(page);
    await expectAxeClean(page);
  });

  test("moving from one section to another loads the new section", async ({ page }, info) => {
    await page.goto("/technology");
    await waitForHydration(page);
    if (info.project.name === "wide") {
      await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "World" }).click();
    } else {
      await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "World" }).click();
    }
    await expect(page).toHaveURL(/\/world$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("World News");
    await expect(page.getByTestId("article-card").first()).toContainText("world fixture headline 1");
    await expect(page.getByTestId("article-card")).toHaveCount(15);
  });

  test("/events shows the events wall and loads no articles", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.getByRole("contentinfo").getByRole("link", { name: "Events" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events");
    const frame = page.locator("main iframe");
    await expect(frame).toHaveAttribute("title", /events/i);
    await expect(frame).toHaveAttribute("loading", "lazy");
    expect(requests.filter((u) => u.includes("/api/articles"))).toEqual([]);
    await expect(page.getByTestId("article-card")).toHaveCount(0);
  });
});

test.describe("search", () => {
  test("finds stored headlines with the matches marked", async ({ page }) => {
    await page.goto("/search?q=business+fixture");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    const results = page.locator("main ol > li");
    expect(await results.count()).toBeGreaterThan(3);
    await expect(results.first()).toContainText("Business & Finance");
    await expect(results.first().getByTestId("publisher")).toHaveText(fixtureChannelTitle("business"));
    await expect(results.first().getByTestId("publisher")).toBeVisible();
    await expect(results.first().locator("mark").first()).toHaveText(/business|fixture/i);
    await expect(results.first().getByRole("link")).toHaveAttribute("target", "_blank");
    await expectAxeClean(page);
  });

  test("no hits, an empty query and a long query each get a clear message", async ({ page }) => {
    await page.goto("/search?q=zyxwvut");
    await expect(page.getByRole("main")).toContainText('No results for "zyxwvut"');
    await page.goto("/search?q=");
    await expect(page.getByRole("main")).toContainText("Type a word or two");
    await page.goto(`/search?q=${"a".repeat(201)}`);
    await expect(page.getByRole("alert")).toContainText("at most 200 characters");
  });

  test("the header search box lands on the results", async ({ page }, info) => {
    await page.goto("/about");
    await waitForHydration(page);
    if (info.project.name === "wide") {
      // The closed phone menu holds a second search box: the one shown is the header's.
      const search = page.getByRole("banner").getByRole("searchbox", { name: "Search articles" });
      await search.fill("world fixture");
      await search.press("Enter");
    } else {
      await page.getByRole("button", { name: "Open navigation menu" }).click();
      const sheet = page.getByRole("dialog", { name: "Navigation" });
      // A tap into the box, as a phone reader does, leaves the sheet open for typing.
      await sheet.getByLabel("Search articles").click();
      await expect(sheet).toBeVisible();
      await expect(sheet.getByLabel("Search articles")).toBeFocused();
      await sheet.getByLabel("Search articles").pressSequentially("world fixture");
      await sheet.getByLabel("Search articles").press("Enter");
    }
    await expect(page).toHaveURL(/\/search\?q=world\+fixture/);
    await expect(page.locator("main ol > li").first()).toContainText("World News");
  });
});

test.describe("scenarios with their own feeds", () => {
  test.describe.configure({ mode: "serial" });
  // Broken images are part of these scenarios. The image proxy answers 204 for them, so the
  // browser logs nothing: any console error fails the test.
  let server: AppServer | undefined;
  test.afterEach(async ({ page }) => {
    await page.goto("about:blank");
    await server?.stop();
    server = undefined;
  });

  test("a broken lead image is hidden; an empty block is left out and its page says so", async ({ page }) => {
    test.skip(test.info().project.name !== "wide", "scenario servers run once");
    server = await startAppServer({
      FEEDS_CONFIG: writeFeedsConfig({ local: "broken-image", national: "empty" }),
    });
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await expect(blocks(page).locator("h2")).toHaveText(HOME_ORDER.filter((n) => n !== "National News"));
    await expect(page.getByTestId("lead-article").locator("img")).toHaveCount(0);
    await expect(page.getByTestId("lead-article")).not.toContainText("No image available");
    await page.goto(`${server.url}/national`);
    await expect(page.getByRole("main")).toContainText(
      "No articles available for this section at the moment.",
    );
  });

  test("a lead article without an image says so", async ({ page }) => {
    test.skip(test.info().project.name !== "wide", "scenario servers run once");
    server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig({ local: "no-image" }) });
    await page.goto(`${server.url}/`);
    await expect(page.getByTestId("lead-article")).toContainText("No image available");
  });

  test("every feed failing: samples with a notice, or nothing and a clear message", async ({ page }) => {
    test.skip(test.info().project.name !== "wide", "scenario servers run once");
    server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig({}, "fail") });
    await page.goto(`${server.url}/`);
    await expect(page.getByRole("status").filter({ hasText: "Showing sample headlines" })).toHaveText(
      `Showing sample headlines for ${HOME_ORDER.slice(0, -1).join(", ")} and ${HOME_ORDER.at(-1)}: live feeds are unreachable right now.`,
    );
    await expect(blocks(page)).toHaveCount(6);
    // Sample headlines name their publisher too: we wrote them.
    await expect(page.getByTestId("lead-article").getByTestId("publisher")).toHaveText("The Electric Ledger");
    await page.goto("about:blank");
    await server.stop();
    server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig({}, "fail"), SAMPLE_FALLBACK: "off" });
    await page.goto(`${server.url}/`);
    await expect(blocks(page)).toHaveCount(0);
    await expect(page.getByRole("main")).toContainText("No headlines are available right now");
    await page.goto(`${server.url}/sports`);
    await expect(page.getByRole("main")).toContainText(
      "No articles available for this section at the moment.",
    );
  });

  test("a cold store streams skeletons first, then the articles", async ({ page }) => {
    test.skip(test.info().project.name !== "wide", "scenario servers run once");
    // Only the home page's publishers are slow: the page's wait is not spent queued behind the rest.
    const slowHome = Object.fromEntries(
      ["local", "national", "world", "technology", "business", "politics"].map((k) => [k, "slow"]),
    );
    server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig(slowHome) });
    const res = await page.goto(`${server.url}/`, { waitUntil: "commit" });
    // Its headers go out before its outcome is known: no cache may keep it.
    expect(res?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByTestId("block-skeleton")).toHaveCount(6);
    await expect(blocks(page)).toHaveCount(6, { timeout: 15_000 });
    await expect(page.getByTestId("block-skeleton")).toHaveCount(0);
  });

  test("a cold section streams 15 skeletons first", async ({ page }) => {
    test.skip(test.info().project.name !== "wide", "scenario servers run once");
    // Only this section's publisher is slow (1.5 s): its first fetch is not queued behind 14 slow
    // others, which on a loaded machine outlasted the page's 8 s wait.
    server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig({ arts: "slow" }) });
    const res = await page.goto(`${server.url}/arts`, { waitUntil: "commit" });
    expect(res?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByTestId("card-skeleton")).toHaveCount(15);
    await expect(page.getByTestId("article-card")).toHaveCount(15, { timeout: 15_000 });
  });

  test("a cold section whose publisher never answers shows the error, not endless skeletons", async ({
    page,
  }) => {
    test.skip(test.info().project.name !== "wide", "scenario servers run once");
    server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig({}, "hang") });
    // A slow phone: its script runs only after the streamed error has arrived. The page script
    // must then wire that page without an uncaught error in the console (the fixture checks).
    const release = await holdRequests(page, "**/assets/*.js");
    // Streamed, and failing after its 200 went out: no cache may keep it.
    const res = await page.goto(`${server.url}/food`, { waitUntil: "commit" });
    expect(res?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByTestId("card-skeleton")).toHaveCount(15);
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load articles" });
    await expect(alert).toContainText("Failed to load articles for this section", { timeout: 20_000 });
    release();
    await waitForHydration(page);
    await expect(alert).toContainText("Failed to load articles for this section");
    await expect(alert.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/food");
  });

  test("a hostile feed is shown as text and runs nothing", async ({ page }) => {
    test.skip(test.info().project.name !== "wide", "scenario servers run once");
    server = await startAppServer({ FEEDS_CONFIG: writeFeedsConfig({}, "hostile") });
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs++;
      void d.dismiss();
    });
    for (const path of ["/", "/technology", "/search?q=hostile"]) {
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      await expect(page.getByRole("main")).toContainText("Hostile");
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      const hrefs = await page
        .locator("[href]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""));
      expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
      expect(await page.locator("main script, main img[onerror]").count()).toBe(0);
    }
    await page.goto(`${server.url}/technology`);
    // Markup, even entity-escaped markup, reaches the page as plain text with the tags removed.
    await expect(page.getByRole("main")).toContainText("escaped markup stays text");
    await expect(page.locator("main b")).toHaveCount(0);
    // The channel title names the publisher as plain text, its markup and script gone.
    await expect(page.getByTestId("publisher").first()).toHaveText("Hostile technology Courier");
    expect(dialogs).toBe(0);
  });
});
