import type { Page, Request } from "@playwright/test";
import { MOCK_FAQS } from "./ai-mock-data.ts";
import { expect, expectAxeClean, holdRequests, test, waitForHydration } from "./fixtures.ts";

/** The local AI service (tests/e2e/ai-mock.ts) that playwright.config.ts starts; AI_FAQ_ENDPOINT points at it. */
const MOCK = `http://127.0.0.1:${process.env.AI_MOCK_PORT ?? 4318}`;
const GENERATION_ERROR = "Error generating FAQs. Please check your API key and try again.";
const PARSE_ERROR = "Error parsing generated FAQs. Please try again.";
const MISSING_KEY = "Please enter your Perplexity API key to generate more FAQs";

const Q = {
  about: "What is The Electric Ledger?",
  headlines: "Where do your headlines come from?",
  charging: "How long does it take to charge an electric car?",
  credit: "Are there tax credits for buying an electric vehicle?",
  battery: "How long do electric car batteries last?",
};

function faqPage(page: Page) {
  const main = page.getByRole("main");
  // The accordion is native: each question is a <details name="faq"> whose <summary> toggles it.
  const trigger = (question: string) => main.locator("summary", { hasText: question });
  return {
    search: main.getByRole("searchbox", { name: "Search FAQs" }),
    category: (name: string) =>
      main.getByRole("group", { name: "Category" }).getByRole("button", { name, exact: true }),
    counter: main.getByText(/^Showing \d+ of \d+ FAQs$/),
    trigger,
    item: (question: string) =>
      main.locator("details", { has: page.locator("summary", { hasText: question }) }),
    key: main.getByLabel("Perplexity API key"),
    generate: main.getByRole("button", { name: /Generat/ }),
    alert: main.getByRole("alert"),
  };
}

/** A fresh key for the mock: its prefix picks the mock's answer; the rest keeps tests apart. */
const mockKey = (kind: string) => `${kind}-${crypto.randomUUID()}`;

async function openFaq(page: Page, path = "/faq") {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

/** Scrolls to the generator, an island whose script loads when seen, and waits until it has hydrated. */
async function bringGeneratorIntoPlay(page: Page) {
  const island = page.locator('[data-island="faq-ai"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-hydrated", "true");
}

/** The listed questions, in order (each summary's heading, without an "AI-generated" label). */
async function questions(page: Page) {
  return page
    .locator("main details[name=faq] > summary")
    .evaluateAll((els) => els.map((e) => e.firstElementChild?.firstChild?.textContent ?? ""));
}

test.describe("FAQ page", () => {
  test("the server renders the questions, the counter and the contact link; axe clean", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/faq")).text();
    for (const q of Object.values(Q)) expect(html).toContain(q);
    expect(html).toContain("Showing 5 of 5 FAQs");
    expect(html).toContain("up to $7,500 for new and $4,000 for used vehicles");

    await openFaq(page);
    await expect(page).toHaveTitle("Frequently Asked Questions | The Electric Ledger");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    const f = faqPage(page);
    await expect(f.counter).toHaveText("Showing 5 of 5 FAQs");
    await expect(page.getByRole("main").getByRole("link", { name: "Contact us" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(f.category("All")).toHaveAttribute("aria-pressed", "true");
    const names = await page.getByRole("group", { name: "Category" }).getByRole("button").allInnerTexts();
    expect(names).toEqual([
      "All",
      "About Us",
      "Content",
      "Charging",
      "Incentives",
      "Technology",
      "Local News",
      "Vehicle Reviews",
      "Environmental",
      "Policy",
    ]);
    await expectAxeClean(page);
  });

  test("search matches questions and answers, case-insensitively, and counts", async ({ page }) => {
    await openFaq(page);
    const f = faqPage(page);
    await f.search.fill("TAX");
    await expect(f.counter).toHaveText("Showing 1 of 5 FAQs");
    expect(await questions(page)).toEqual([Q.credit]);
    // "Civic Press Network" is only in an answer.
    await f.search.fill("civic press");
    await expect(f.counter).toHaveText("Showing 1 of 5 FAQs");
    expect(await questions(page)).toEqual([Q.about]);
    await f.search.fill("publisher");
    expect(await questions(page)).toEqual([Q.headlines]);
    await f.search.fill("");
    await expect(f.counter).toHaveText("Showing 5 of 5 FAQs");
  });

  test("the category filter, alone and with a search, and the empty state", async ({ page }) => {
    await openFaq(page);
    const f = faqPage(page);
    await f.category("Charging").click();
    await expect(f.category("Charging")).toHaveAttribute("aria-pressed", "true");
    await expect(f.category("All")).toHaveAttribute("aria-pressed", "false");
    await expect(f.counter).toHaveText("Showing 1 of 5 FAQs");
    expect(await questions(page)).toEqual([Q.charging]);

    await f.category("Vehicle Reviews").click();
    await expect(f.counter).toHaveText("Showing 0 of 5 FAQs");
    await expect(page.getByText("No FAQs found matching your search criteria.")).toBeVisible();

    // Combined: "home" is in two FAQs, one about charging and one about incentives.
    await f.category("All").click();
    await f.search.fill("home");
    await expect(f.counter).toHaveText("Showing 2 of 5 FAQs");
    expect(await questions(page)).toEqual([Q.charging, Q.credit]);
    await f.category("Incentives").click();
    await expect(f.counter).toHaveText("Showing 1 of 5 FAQs");
    expect(await questions(page)).toEqual([Q.credit]);
    await f.category("Charging").click();
    await expect(f.counter).toHaveText("Showing 1 of 5 FAQs");
    expect(await questions(page)).toEqual([Q.charging]);
    await f.category("Technology").click();
    await expect(f.counter).toHaveText("Showing 0 of 5 FAQs");
    await expect(page.getByText("No FAQs found matching your search criteria.")).toBeVisible();
    await expectAxeClean(page);

    await page.getByRole("link", { name: "Show all FAQs" }).click();
    await expect(f.counter).toHaveText("Showing 5 of 5 FAQs");
    await expect(f.search).toHaveValue("");
  });

  test("one item open at a time by mouse; clicking the open one closes it", async ({ page }) => {
    await openFaq(page);
    const f = faqPage(page);
    const first = f.trigger(Q.about);
    const second = f.trigger(Q.charging);
    await first.click();
    await expect(f.item(Q.about)).toHaveAttribute("open", "");
    await expect(page.getByRole("main").getByText(/a network of 3,000 publications/)).toBeVisible();
    await second.click();
    await expect(f.item(Q.charging)).toHaveAttribute("open", "");
    await expect(f.item(Q.about)).not.toHaveAttribute("open");
    await expect(page.getByRole("main").getByText(/a network of 3,000 publications/)).toBeHidden();
    await expect(f.item(Q.charging).getByText(/DC fast charger/)).toBeVisible();
    await second.click();
    await expect(f.item(Q.charging)).not.toHaveAttribute("open");
    await expect(page.locator("main details[open]")).toHaveCount(0);
    await expectAxeClean(page);
  });

  test("the accordion works by keyboard", async ({ page }) => {
    await openFaq(page);
    const f = faqPage(page);
    // Tab from the search box's Search button through the category buttons to the first question.
    await f.category("Policy").focus();
    await page.keyboard.press("Tab");
    const first = f.trigger(Q.about);
    await expect(first).toBeFocused();
    await expect(f.item(Q.about)).not.toHaveAttribute("open");
    await page.keyboard.press("Enter");
    await expect(f.item(Q.about)).toHaveAttribute("open", "");
    await page.keyboard.press("ArrowDown");
    const second = f.trigger(Q.headlines);
    await expect(second).toBeFocused();
    await page.keyboard.press("Space");
    await expect(f.item(Q.headlines)).toHaveAttribute("open", "");
    await expect(f.item(Q.about)).not.toHaveAttribute("open");
    await page.keyboard.press("Enter");
    await expect(f.item(Q.headlines)).not.toHaveAttribute("open");
    await page.keyboard.press("End");
    await expect(f.trigger(Q.battery)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();
  });
});

test.describe("FAQ page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("answers open one at a time, and search and categories filter on the server", async ({ page }) => {
    await page.goto("/faq");
    const f = faqPage(page);
    const about = page.locator("details", { hasText: Q.about });
    const credit = page.locator("details", { hasText: Q.credit });
    await about.locator("summary").click();
    await expect(about).toHaveAttribute("open", "");
    await credit.locator("summary").click();
    await expect(credit).toHaveAttribute("open", "");
    await expect(about).not.toHaveAttribute("open", "");
    await expect(credit).toContainText("up to $7,500 for new and $4,000 for used vehicles");

    await f.search.fill("charg");
    await f.search.press("Enter");
    await expect(page).toHaveURL(/\/faq\?q=charg&category=All$/);
    await expect(f.search).toHaveValue("charg");
    await f.category("Charging").click();
    await expect(page).toHaveURL(/\/faq\?q=charg&category=All&category=Charging$/);
    await expect(f.counter).toHaveText("Showing 1 of 5 FAQs");
    await expect(f.category("Charging")).toHaveAttribute("aria-pressed", "true");
    await f.search.fill("zzz");
    await f.search.press("Enter");
    await expect(f.counter).toHaveText("Showing 0 of 5 FAQs");
    await expect(page.getByText("No FAQs found matching your search criteria.")).toBeVisible();
  });
});

test.describe("AI-generated FAQs", () => {
  test("Generate is disabled until a key is typed, and an attempt names the service", async ({ page }) => {
    await openFaq(page);
    await bringGeneratorIntoPlay(page);
    const f = faqPage(page);
    await expect(f.key).toHaveAttribute("type", "password");
    await expect(f.generate).toBeDisabled();
    await f.key.fill("   ");
    await expect(f.generate).toBeDisabled();
    await f.key.press("Enter");
    await expect(f.alert).toHaveText(MISSING_KEY);
    await expect(f.key).toBeFocused();
    await f.key.fill("");
    await f.generate.click({ force: true });
    await expect(f.alert).toHaveText(MISSING_KEY);
    await f.key.fill("something");
    await expect(f.generate).toBeEnabled();
    await expect(f.alert).toHaveCount(0);
    await expect(f.counter).toHaveText("Showing 5 of 5 FAQs");
  });

  test("a key sent before the panel's script arrived (Enter at once) is sent once it has, without a reload", async ({
    page,
  }) => {
    // The generator island's own chunk: it may be asked for as the page loads (it is near the top).
    const panelScript = /\/faq-ai-[\w-]+\.js$/;
    const release = await holdRequests(page, panelScript);
    const asked = page.waitForRequest(panelScript);
    await openFaq(page);
    const f = faqPage(page);
    await f.key.fill(mockKey("ok"));
    await f.key.press("Enter");
    await asked;
    // Held, not sent as a plain form: the page did not reload and the panel waits for its script.
    await expect(page.locator('[data-island="faq-ai"]')).not.toHaveAttribute("data-hydrated");
    expect(page.url()).toMatch(/\/faq$/);
    // The reader sees that the send is waiting (and what to do if it never goes).
    await expect(page.getByText("Getting the generator ready…")).toBeVisible();
    release();
    await expect(page.getByRole("status").filter({ hasText: "Added" })).toHaveText(
      "Added 2 new FAQs to the list above.",
    );
    await expect(f.counter).toHaveText("Showing 7 of 7 FAQs");
    await expect(page.getByText("Getting the generator ready…")).toBeHidden();
  });

  test("sends the spec's request straight to the service and appends the new items", async ({
    page,
    request,
    baseURL,
  }) => {
    const key = mockKey("ok");
    const ours: Request[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(baseURL ?? "")) ours.push(r);
    });
    await openFaq(page);
    const f = faqPage(page);
    await f.key.fill(key);
    await f.generate.click();
    await expect(f.counter).toHaveText("Showing 7 of 7 FAQs");
    await expect(page.getByRole("status").filter({ hasText: "Added" })).toHaveText(
      "Added 2 new FAQs to the list above.",
    );

    // The exact request the service received.
    const received = (await (await request.get(`${MOCK}/__requests?key=${key}`)).json()) as Array<{
      method: string;
      path: string;
      headers: Record<string, string>;
      body: string;
    }>;
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/chat/completions");
    expect(call?.headers.authorization).toBe(`Bearer ${key}`);
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.headers.cookie).toBeUndefined();
    expect(call?.headers.referer).toBeUndefined();
    const body = JSON.parse(call?.body ?? "{}");
    expect(Object.keys(body).sort()).toEqual(
      ["max_tokens", "messages", "model", "search_recency_filter", "temperature", "top_p"].sort(),
    );
    expect(body).toMatchObject({
      model: "sonar",
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 2000,
      search_recency_filter: "month",
    });
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
    const prompt: string = body.messages[1].content;
    expect(prompt).toContain("Generate 20 frequently asked questions");
    expect(prompt).toContain("JSON array");
    for (const word of ['"question"', '"answer"', '"category"', "Vehicle Reviews", "Local News"]) {
      expect(prompt).toContain(word);
    }

    // New items come after ours, labelled; the repeated question was skipped.
    const listed = await questions(page);
    expect(listed.slice(0, 5)).toEqual(Object.values(Q));
    expect(listed.slice(5)).toEqual([MOCK_FAQS[0]?.question, MOCK_FAQS[1]?.question]);
    await expect(page.locator("main summary", { hasText: "AI-generated" })).toHaveCount(2);
    // An unknown category ("EV Maintenance") became the closest known one.
    await faqPage(page).category("Content").click();
    await expect(f.counter).toHaveText("Showing 2 of 7 FAQs");
    await f.trigger(MOCK_FAQS[1]?.question ?? "").click();
    await expect(f.item(MOCK_FAQS[1]?.question ?? "")).toHaveAttribute("open", "");
    await expect(f.item(MOCK_FAQS[1]?.question ?? "")).toContainText(
      "Written by Perplexity, not checked by our newsroom",
    );
    await expectAxeClean(page);

    // The key never reached our server, nor the page's storage.
    for (const r of ours) {
      expect(r.url()).not.toContain(key);
      expect(JSON.stringify(await r.allHeaders())).not.toContain(key);
      expect(r.postData() ?? "").not.toContain(key);
    }
    const stored = await page.evaluate(() =>
      JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }),
    );
    expect(stored).not.toContain(key);
    expect(JSON.stringify(await page.context().cookies())).not.toContain(key);
    await expect(f.key).not.toHaveAttribute("name", /.*/);
  });

  test("shows the generating state while waiting", async ({ page }) => {
    await openFaq(page);
    const f = faqPage(page);
    const release = await holdRequests(page, "**/chat/completions");
    await f.key.fill(mockKey("ok"));
    await f.generate.click();
    await expect(f.generate).toHaveText("Generating…");
    await expect(f.generate).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: "Asking Perplexity" })).toBeVisible();
    release();
    await expect(f.generate).toHaveText("Generate FAQs");
    await expect(f.generate).toBeEnabled();
    await expect(f.counter).toHaveText("Showing 7 of 7 FAQs");
  });

  test("reads an answer in a ```json fenced block", async ({ page }) => {
    await openFaq(page);
    const f = faqPage(page);
    await f.key.fill(mockKey("fenced"));
    await f.generate.click();
    await expect(f.counter).toHaveText("Showing 7 of 7 FAQs");
  });

  test("text that is not JSON gives the parse error", async ({ page }) => {
    await openFaq(page);
    const f = faqPage(page);
    await f.key.fill(mockKey("invalid"));
    await f.generate.click();
    await expect(f.alert).toHaveText(PARSE_ERROR);
    await expect(f.counter).toHaveText("Showing 5 of 5 FAQs");
    await expect(f.generate).toBeEnabled();
    await expectAxeClean(page);
  });

  test.describe("failures", () => {
    test.use({ allowConsole: /Failed to load resource|ERR_EMPTY_RESPONSE|status of 401/ });

    test("a 401 gives the generation error", async ({ page }) => {
      await openFaq(page);
      const f = faqPage(page);
      await f.key.fill(mockKey("unauthorized"));
      await f.generate.click();
      await expect(f.alert).toHaveText(GENERATION_ERROR);
      await expect(f.counter).toHaveText("Showing 5 of 5 FAQs");
    });

    test("a network failure gives the generation error", async ({ page }) => {
      await openFaq(page);
      const f = faqPage(page);
      await f.key.fill(mockKey("drop"));
      await f.generate.click();
      await expect(f.alert).toHaveText(GENERATION_ERROR);
      await expect(f.counter).toHaveText("Showing 5 of 5 FAQs");
      await expect(f.generate).toBeEnabled();
    });
  });

  test("the content security policy allows the configured service and nothing else new", async ({
    request,
  }) => {
    const csp = (await request.get("/faq")).headers()["content-security-policy"] ?? "";
    const connect = csp.split(";").find((d) => d.trim().startsWith("connect-src")) ?? "";
    expect(connect.trim()).toBe(`connect-src 'self' ${MOCK}`);
  });
});
