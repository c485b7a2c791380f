import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { BUNDLED_SLUG } from "#domain/publication.ts";
import { listMessages, type StoredMessage } from "#server/store/sqlite/messages.server.ts";
import { expect, expectAxeClean, isWide, test, waitForHydration } from "./fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";

const SENT_TITLE = "Message Sent";
const SENT_TEXT = "Thank you for your message. We'll get back to you soon!";

/** The messages the server stored, read from its database file (the shared server's by default). */
function storedMessages(dataDir = process.env.E2E_DATA_DIR ?? ""): StoredMessage[] {
  const db = new DatabaseSync(path.join(dataDir, "news.db"), { readOnly: true });
  try {
    return listMessages(db, BUNDLED_SLUG);
  } finally {
    db.close();
  }
}

const findStored = (subject: string, dataDir?: string) =>
  storedMessages(dataDir).filter((m) => m.subject === subject);

function contactForm(page: Page) {
  const main = page.getByRole("main");
  return {
    name: main.getByRole("textbox", { name: "Name" }),
    email: main.getByRole("textbox", { name: "Email" }),
    category: main.getByRole("combobox", { name: /Category/ }),
    subject: main.getByRole("textbox", { name: "Subject" }),
    message: main.getByRole("textbox", { name: "Message" }),
    send: main.getByRole("button", { name: /Send Message|Sending/ }),
    alerts: main.getByRole("alert"),
  };
}

/** A unique subject, so tests sharing the database find their own message. */
const uniqueSubject = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

async function fill(
  page: Page,
  subject: string,
  overrides: Partial<Record<"name" | "email" | "message", string>> = {},
) {
  const f = contactForm(page);
  await f.name.fill(overrides.name ?? "Ada Reader");
  await f.email.fill(overrides.email ?? "ada@example.com");
  await f.category.selectOption("news-tip");
  await f.subject.fill(subject);
  await f.message.fill(overrides.message ?? "A new charging hub opens on Main Street.\nDetails inside.");
}

async function openContact(page: Page, base = "") {
  const response = await page.goto(`${base}/contact`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

test.describe("contact page", () => {
  test("labels, required marks, the response-time claims; axe clean", async ({ page }) => {
    await openContact(page);
    await expect(page).toHaveTitle("Contact Us | The Electric Ledger");
    const f = contactForm(page);
    for (const field of [f.name, f.email, f.subject, f.message]) {
      await expect(field).toHaveAttribute("required", "");
    }
    await expect(f.category).not.toHaveAttribute("required", "");
    expect(await f.category.locator("option").allInnerTexts()).toEqual([
      "Choose a category",
      "News tip",
      "Partnership",
      "Feedback",
      "Press release",
      "General",
    ]);
    expect(
      await f.category.locator("option").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(["", "news-tip", "partnership", "feedback", "press-release", "general"]);
    await expect(page.getByText("Fields marked * are required.")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText("replies within 24 hours");
    await expect(main).toContainText("within 24–48 hours");
    await expectAxeClean(page);
  });

  test("each required field says what is missing; the first invalid field gets focus", async ({ page }) => {
    await openContact(page);
    const f = contactForm(page);
    await f.send.click();
    await expect(f.alerts).toHaveText([
      "Enter your name.",
      "Enter your email address.",
      "Enter a subject.",
      "Enter your message.",
    ]);
    await expect(f.name).toBeFocused();
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).toHaveAccessibleDescription("Enter your name.");
    await expect(f.message).toHaveAccessibleDescription(/Enter your message\./);
    await expectAxeClean(page);

    await f.name.fill("Ada");
    await f.send.click();
    await expect(f.email).toBeFocused();
    await expect(f.alerts).toHaveText([
      "Enter your email address.",
      "Enter a subject.",
      "Enter your message.",
    ]);
    await f.email.fill("ada@example.com");
    await f.send.click();
    await expect(f.subject).toBeFocused();
    await f.subject.fill("Hello");
    await f.send.click();
    await expect(f.message).toBeFocused();
    await expect(f.alerts).toHaveText(["Enter your message."]);
    await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a malformed email is refused", async ({ page }) => {
    await openContact(page);
    const f = contactForm(page);
    const subject = uniqueSubject("Bad email");
    await fill(page, subject, { email: "ada@example" });
    await f.send.click();
    await expect(f.alerts).toHaveText(["Enter a valid email address, like name@example.com."]);
    await expect(f.email).toBeFocused();
    await expect(f.email).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
    expect(findStored(subject)).toEqual([]);
  });

  test("a message is stored, confirmed with the spec's toast, and the form clears", async ({ page }) => {
    await openContact(page);
    const f = contactForm(page);
    const subject = uniqueSubject("Charging hub tip");
    await fill(page, subject);
    await f.send.click();
    await expect(page.getByText(SENT_TITLE, { exact: true })).toBeVisible();
    await expect(page.getByText(SENT_TEXT)).toBeVisible();
    for (const field of [f.name, f.email, f.subject, f.message]) await expect(field).toHaveValue("");
    await expect(f.category).toHaveValue("");
    expect(findStored(subject)).toEqual([
      expect.objectContaining({
        name: "Ada Reader",
        email: "ada@example.com",
        category: "news-tip",
        subject,
        message: "A new charging hub opens on Main Street.\nDetails inside.",
      }),
    ]);
  });

  test("what the reader typed before the form's script arrived is kept, and sent", async ({ page }) => {
    // The island's code waits until the reader has filled the form (a slow phone's seconds).
    let typed = () => {};
    const done = new Promise<void>((resolve) => {
      typed = resolve;
    });
    await page.route(/\/assets\/contact-[\w-]+\.js$/, async (route) => {
      await done;
      await route.continue();
    });
    await page.goto("/contact");
    const subject = uniqueSubject("Typed early");
    await fill(page, subject, { message: "Typed before the script came." });
    typed();
    await waitForHydration(page);
    await expect(page.locator("[data-island=contact]")).toHaveAttribute("data-hydrated", "true");
    const f = contactForm(page);
    await expect(f.message).toHaveValue("Typed before the script came.");
    await expect(f.name).toHaveValue("Ada Reader");
    await expect(f.category).toHaveValue("news-tip");
    await f.send.click();
    await expect(page.getByText(SENT_TITLE)).toBeVisible();
    await expect.poll(() => findStored(subject).length).toBe(1);
    expect(findStored(subject)[0]?.message).toBe("Typed before the script came.");
  });

  test("the honeypot: a filled hidden field looks sent but is not stored", async ({ page }) => {
    await openContact(page);
    const f = contactForm(page);
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(page.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
    const subject = uniqueSubject("Bot");
    await fill(page, subject);
    await honeypot.evaluate((el) => {
      (el as HTMLInputElement).value = "http://spam.example";
    });
    await f.send.click();
    await expect(page.getByText(SENT_TITLE, { exact: true })).toBeVisible();
    expect(findStored(subject)).toEqual([]);
  });
});

test.describe("contact page without JavaScript", () => {
  // axe needs JavaScript in the page: the same markup is checked above, with it.
  test.use({ javaScriptEnabled: false, allowConsole: /status of 400/ });

  test("a message is stored once, confirmed inline, and a reload posts nothing", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    const subject = uniqueSubject("No-JS tip");
    await fill(page, subject);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      f.send.click(),
    ]);
    // Post, then redirect (303), so the page on screen came from a GET.
    expect(response.status()).toBe(303);
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    const status = page.getByRole("main").getByRole("status");
    await expect(status).toContainText(SENT_TITLE);
    await expect(status).toContainText(SENT_TEXT);
    await expect(f.subject).toHaveValue("");
    await page.reload();
    await expect(status).toContainText(SENT_TITLE);
    expect(findStored(subject)).toHaveLength(1);
  });

  test("the same send posted twice (a double click, a resent form) is stored once", async ({ page }) => {
    await page.goto("/contact");
    const sendId = await page.locator('input[name="send_id"]').inputValue();
    expect(sendId).not.toBe("");
    const subject = uniqueSubject("No-JS twice");
    const body = {
      send_id: sendId,
      name: "Ada Reader",
      email: "ada@example.com",
      category: "news-tip",
      subject,
      message: "The same message, sent twice.",
      website: "",
    };
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post("/contact", { form: body, maxRedirects: 0 });
      expect(res.status()).toBe(303);
    }
    expect(findStored(subject)).toHaveLength(1);
  });

  test("the server checks the form again and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    const subject = uniqueSubject("No-JS bad");
    await fill(page, subject, { email: "not-an-email", message: "   " });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      f.send.click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(f.alerts).toHaveText([
      "Enter a valid email address, like name@example.com.",
      "Enter your message.",
    ]);
    await expect(f.email).toBeFocused();
    await expect(f.email).toHaveValue("not-an-email");
    await expect(f.subject).toHaveValue(subject);
    await expect(f.category).toHaveValue("news-tip");
    await expect(f.email).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
    expect(findStored(subject)).toEqual([]);
  });
});

test.describe("abuse and failures (own servers)", () => {
  test.skip(
    ({ viewport }) => (viewport?.width ?? 0) < 1024,
    "server behaviour: checked once, at the wide size",
  );
  test.describe.configure({ mode: "serial" });
  test.use({ allowConsole: /status of (429|503)/ });

  let limited: AppServer;
  let broken: AppServer;
  test.beforeAll(async () => {
    if (!isWide(test.info().project.name)) return;
    [limited, broken] = await Promise.all([
      startAppServer({ CONTACT_RATE_LIMIT: "2", CONTACT_RATE_WINDOW_MINUTES: "10" }),
      startAppServer({ CONTACT_RATE_LIMIT: "0" }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([limited?.stop(), broken?.stop()]);
  });

  test("past the per-client limit the answer is 429 with a clear message, and nothing is lost", async ({
    page,
    request,
  }) => {
    await openContact(page, limited.url);
    const f = contactForm(page);
    for (let i = 1; i <= 2; i++) {
      await fill(page, `Allowed ${i}`);
      await f.send.click();
      await expect(f.subject).toHaveValue("");
    }
    await fill(page, "Third in a row");
    await f.send.click();
    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toContainText(
      "You have sent several messages in a short time. Please wait 10 minutes",
    );
    await expect(alert).toBeFocused();
    await expect(f.subject).toHaveValue("Third in a row");
    await expect(f.message).toHaveValue(/A new charging hub/);
    expect(storedMessages(limited.dataDir).map((m) => m.subject)).toEqual(["Allowed 2", "Allowed 1"]);

    // The status, as a plain form post (no JavaScript) sees it.
    const response = await request.post(`${limited.url}/contact`, {
      form: { name: "Ada", email: "ada@example.com", subject: "Again", message: "Hi", website: "" },
    });
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await response.text()).toContain("You have sent several messages in a short time.");
  });

  test("when the message cannot be stored, the reader is told and keeps the text", async ({ page }) => {
    // Break the store under the running server.
    const db = new DatabaseSync(path.join(broken.dataDir, "news.db"));
    db.exec("DROP TABLE contact_messages");
    db.close();
    await openContact(page, broken.url);
    const f = contactForm(page);
    await fill(page, "Will not be stored");
    await f.send.click();
    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toContainText("Sorry, your message could not be sent just now. Nothing is lost");
    await expect(alert).toBeFocused();
    await expect(page.getByText(SENT_TITLE, { exact: true })).toHaveCount(0);
    await expect(f.subject).toHaveValue("Will not be stored");
    await expect(f.message).toHaveValue(/A new charging hub/);
    await expectAxeClean(page);
  });
});
