import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundledIdentity } from "#server/publications/bundled.server.ts";
import { aboutPage, privacyPage, termsPage } from "./pages.ts";

const FILE = path.join(import.meta.dirname, "pages.ts");

function git(args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { cwd: import.meta.dirname, encoding: "utf8", stdio: "pipe" });
  } catch {
    return undefined;
  }
}

/**
 * The day the page's text last changed, from git: the newest commit that touched the page's object
 * in pages.ts with more than its `updated:` line (changing the date alone is not a revision).
 */
function lastRevised(exportName: string): string | undefined {
  const log = git(["log", "-L", `/^export const ${exportName}\\b/,/^}/:${FILE}`, "--format=@@@%as"]);
  for (const entry of log?.split("@@@").slice(1) ?? []) {
    const [date, ...diff] = entry.split("\n");
    const changed = diff.filter((l) => /^[+-](?![+-]{2} )/.test(l) && !/^[+-]\s*updated:/.test(l));
    if (changed.length > 0) return date;
  }
  return undefined;
}

// A shallow clone (CI's default checkout) has no history to read the dates from.
const history = git(["rev-parse", "--is-shallow-repository"])?.trim() === "false";

describe("static pages' 'Last updated' dates", () => {
  it.each([
    ["aboutPage", aboutPage],
    ["privacyPage", privacyPage],
    ["termsPage", termsPage],
  ])("%s: is a real date, no earlier than its text's last change", (name, pageOf) => {
    const page = pageOf(bundledIdentity);
    expect(page.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(page.updated))).toBe(false);
    if (!history) return;
    const revised = lastRevised(name);
    expect(revised, `git log -L found no revision of ${name}`).toBeDefined();
    expect(
      page.updated >= (revised as string),
      `${name}.updated is ${page.updated} but its text last changed on ${revised}: set the date`,
    ).toBe(true);
  });
});
