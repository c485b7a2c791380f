import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

type Fixtures = {
  /** Console messages that a test expects (e.g. a deliberately broken image); others fail it. */
  allowConsole: RegExp | null;
  consoleErrors: string[];
};

/**
 * Every test fails on a console error or a CSP violation it did not expect, so each page is
 * checked to run under the content security policy.
 */
export const test = base.extend<Fixtures>({
  allowConsole: [null, { option: true }],
  consoleErrors: [
    async ({ page, allowConsole }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const text = msg.text();
        if (!allowConsole?.test(text)) errors.push(text);
      });
      page.on("pageerror", (err) => {
        if (!allowConsole?.test(err.message)) errors.push(`pageerror: ${err.message}`);
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function expectAxeClean(page: Page) {
  // axe injects ~500 KB of script and audits every node: seconds on a quiet 2-core machine for the
  // home page, far more beside a second worker. Give the audit its own budget rather than let it
  // race the test's default 30 s.
  test.info().setTimeout(test.info().timeout + 60_000);
  const results = await new AxeBuilder({ page })
    // axe.run in the page itself, not runPartial plus a blank page to merge the results (which only
    // cross-origin frames need; the site has none to audit): ~10 s less per audit with two workers.
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/**
 * Holds back the page's requests to `url` until `release()`: a state shown while waiting (a
 * spinner, "Generating…") is then asserted without racing the answer, however slow the machine.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The page script marks the document once it has wired the page and hydrated its "load" islands. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export function isWide(projectName: string) {
  return projectName === "wide";
}
