/**
 * Mail end to end, through a real SMTP server (tests/e2e/support/smtp-sink.ts): the sign-up's
 * confirmation mail, the confirm page, the daily edition made by the newsletter CLI, one-click
 * unsubscribe (List-Unsubscribe-Post) and the unsubscribe page, and the contact form's newsroom mail.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import type { APIRequestContext, Page } from "@playwright/test";
import { unsubscribeLink } from "#domain/newsletter.ts";
import { FIXTURE_FEED_NAME, fixtureChannelTitle } from "#scripts/lib/feeds-config.ts";
import { expect, expectAxeClean, test, waitForHydration } from "./fixtures.ts";
import type { SinkMessage } from "./support/smtp-sink.ts";

const run = promisify(execFile);
const SINK = `http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT}`;
const NEWSROOM = "newsroom@electricledger.example";

/** A fresh address per test (and per project), so tests sharing the sink read their own mail. */
const uniqueAddress = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function inbox(request: APIRequestContext, address: string): Promise<SinkMessage[]> {
  const response = await request.get(`${SINK}/messages?to=${encodeURIComponent(address)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SinkMessage[];
}

/** The messages to `address` whose subject matches, once there are `count` of them. */
async function waitForMail(
  request: APIRequestContext,
  address: string,
  subject: RegExp,
  count = 1,
): Promise<SinkMessage[]> {
  const matching = async () => (await inbox(request, address)).filter((m) => subject.test(m.subject));
  await expect.poll(async () => (await matching()).length, { message: `mail to ${address}` }).toBe(count);
  return matching();
}

async function signUp(page: Page, address: string) {
  await page.goto("/");
  await waitForHydration(page);
  const block = page.locator("#newsletter");
  await block.getByRole("textbox", { name: "Email address" }).fill(address);
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(block.getByRole("status")).toContainText(`if ${address} is not subscribed yet`);
}

const CONFIRM_SUBJECT = /^Confirm your subscription to The Electric Ledger$/;

/** Signs `address` up on the home page and returns the link its confirmation mail carries. */
async function confirmationLink(page: Page, address: string): Promise<string> {
  await signUp(page, address);
  const [mail] = await waitForMail(page.request, address, CONFIRM_SUBJECT);
  const link = mail?.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[^\s)>\]]+/)?.[0];
  expect(link, "a confirm link in the text part").toBeTruthy();
  return link ?? "";
}

/** `npm run newsletter -- send` against the e2e server's data, with its settings (SMTP: the sink). */
async function sendEdition(baseURL: string, shiftDays = 0): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "./tests/e2e/support/shift-clock.ts", "scripts/newsletter.ts", "send"],
    {
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR,
        SITE_URL: baseURL,
        SMTP_URL: process.env.E2E_SMTP_URL,
        FEEDS_CONFIG: process.env.E2E_FEEDS_CONFIG,
        FEEDS_ALLOW_PRIVATE: "on",
        IMAGE_PROXY_ALLOW_PRIVATE: "on",
        LOG_LEVEL: "warn",
        CLOCK_SHIFT_DAYS: String(shiftDays),
      },
    },
  );
  return stdout;
}

const EDITION_SUBJECT = /^The Electric Ledger — /;

test.describe("newsletter mail", () => {
  test("sign-up → confirmation mail → confirm → edition → one-click unsubscribe → no more editions", async ({
    page,
    baseURL,
  }, testInfo) => {
    // The CLI makes one edition a day for the whole e2e server: one project runs this story.
    test.skip(testInfo.project.name !== "wide", "the edition is made once per day for the shared server");
    testInfo.setTimeout(testInfo.timeout + 60_000);
    const address = uniqueAddress("edition");

    // The confirmation mail: both parts, the site's name, the link, when it stops working.
    await signUp(page, address);
    const [mail] = await waitForMail(page.request, address, CONFIRM_SUBJECT);
    if (!mail) throw new Error("no confirmation mail");
    expect(mail.to.map((a) => a.address)).toEqual([address]);
    expect(mail.from[0]?.address).toBe(NEWSROOM);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("The Electric Ledger");
      expect(part).toMatch(/\/newsletter\/confirm\?token=[\w-]+/);
      expect(part).toContain("The link works until");
    }
    const link = mail.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)?.[0] ?? "";
    expect(new URL(link).origin).toBe(baseURL);
    expect(mail.html).toContain(`href="${link}"`);

    // Opening the link only asks: a second look still shows the button.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm subscription" })).toBeVisible();
    await page.goto(link);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("status")).toContainText("You're subscribed.");

    // Today's edition, by the CLI, reaches the new subscriber.
    const first = await sendEdition(baseURL ?? "");
    expect(first, "no edition made before this test's").toMatch(/^Edition \S+ made for \d+ subscribers\./m);
    const [edition] = await waitForMail(page.request, address, EDITION_SUBJECT);
    if (!edition) throw new Error("no edition");
    const unsubscribe = edition.headers["list-unsubscribe"]?.match(/^<(.+)>$/)?.[1] ?? "";
    expect(unsubscribe).toMatch(new RegExp(`^${baseURL}/newsletter/unsubscribe\\?token=[\\w-]+$`));
    expect(edition.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // Headlines with their publishers, in both parts.
    for (const part of [edition.html, edition.text]) {
      expect(part).toMatch(/fixture headline \d+/);
      expect(part).toContain(FIXTURE_FEED_NAME);
      expect(part).toContain(fixtureChannelTitle("technology"));
    }
    expect(edition.html).toMatch(
      new RegExp(`<a [^>]*href="${escapeRegExp(unsubscribe)}"[^>]*>Unsubscribe</a>`),
    );

    // A mailbox provider's one-click unsubscribe: a form POST to the header's URL, no Origin.
    const oneClick = await page.request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    await page.goto(unsubscribe);
    await expect(page.getByText("This unsubscribe link is not on our list")).toBeVisible();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);

    // Tomorrow's edition goes to the list without this address.
    const second = await sendEdition(baseURL ?? "", 1);
    // Made for the others, or not at all when this address was the only one left.
    expect(second).toMatch(
      /^(Edition \S+ made for \d+ subscribers|No edition for \S+: nobody has confirmed a subscription yet)\./m,
    );
    expect(await inbox(page.request, address)).toHaveLength(2);
  });

  test("the unsubscribe page asks first, then unsubscribes on the button (keyboard); axe clean", async ({
    page,
    baseURL,
  }, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + 30_000);
    const address = uniqueAddress("unsubscribe-page");
    const link = await confirmationLink(page, address);

    await page.goto(link);
    await waitForHydration(page);
    await expectAxeClean(page);
    await expectTabReaches(page, "Confirm subscription");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText("You're subscribed.");

    // The link an edition would carry (editions are one a day: the story above gets today's).
    const unsubscribe = unsubscribeLink(baseURL ?? "", unsubscribeToken(address));
    await page.goto(unsubscribe);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByText("Stop receiving The Electric Ledger's daily edition")).toBeVisible();
    await expectAxeClean(page);
    await expectTabReaches(page, "Unsubscribe");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText("You're unsubscribed.");
    // The link is spent: opening it again says so.
    await page.goto(unsubscribe);
    await expect(page.getByText("This unsubscribe link is not on our list")).toBeVisible();

    // A made-up token: no button, and a one-click POST with it is refused.
    const madeUp = unsubscribeLink(baseURL ?? "", "not-a-token");
    await page.goto(madeUp);
    await expect(page.getByText("This unsubscribe link is not on our list")).toBeVisible();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: NEWSROOM })).toHaveAttribute(
      "href",
      `mailto:${NEWSROOM}`,
    );
    const refused = await page.request.post(madeUp, { form: { "List-Unsubscribe": "One-Click" } });
    expect(refused.status()).toBe(400);
  });

  test("a contact message reaches the newsroom, Reply-To the writer", async ({ page }) => {
    const writer = uniqueAddress("writer");
    const subject = `Charging hub ${crypto.randomUUID().slice(0, 8)}`;
    const text = `A new charging hub opens on Main Street (${writer}).`;
    await page.goto("/contact");
    await waitForHydration(page);
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "Name" }).fill("Ada Reader");
    await main.getByRole("textbox", { name: "Email" }).fill(writer);
    await main.getByRole("textbox", { name: "Subject" }).fill(subject);
    await main.getByRole("textbox", { name: "Message" }).fill(text);
    await main.getByRole("button", { name: "Send Message" }).click();
    // The toast, outside <main>.
    await expect(page.getByText("Message Sent", { exact: true })).toBeVisible();

    const [mail] = await waitForMail(
      page.request,
      NEWSROOM,
      new RegExp(`^Contact: ${escapeRegExp(subject)}`),
    );
    if (!mail) throw new Error("no newsroom mail");
    expect(mail.to.map((a) => a.address)).toEqual([NEWSROOM]);
    expect(mail.replyTo).toEqual([{ address: writer, name: "Ada Reader" }]);
    expect(mail.text).toContain(text);
    expect(mail.html).toContain("A new charging hub opens on Main Street");
  });
});

/** A confirmed address's unsubscribe token, read from the e2e server's database. */
function unsubscribeToken(address: string): string {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR ?? "", "news.db"), { readOnly: true });
  try {
    const row = db
      .prepare("SELECT unsubscribe_token AS token FROM newsletter_subscribers WHERE email = ?")
      .get(address) as { token: string | null } | undefined;
    expect(row?.token, `${address} has an unsubscribe token`).toBeTruthy();
    return row?.token ?? "";
  } finally {
    db.close();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Tab from the top of the page reaches the button named `name` (it takes the focus). */
async function expectTabReaches(page: Page, name: string) {
  const button = page.getByRole("button", { name, exact: true });
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await button.evaluate((el) => el === document.activeElement)) return;
  }
  await expect(button).toBeFocused();
}
