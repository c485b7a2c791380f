import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const dir = mkdtempSync(path.join(tmpdir(), "cli-publications-"));
for (const [slug, host] of [
  ["harbour", "harbour.example"],
  ["valley", "valley.example"],
]) {
  mkdirSync(path.join(dir, slug as string));
  writeFileSync(
    path.join(dir, slug as string, "publication.json"),
    JSON.stringify({
      name: slug,
      tagline: "t",
      hosts: [host],
      feeds: { local: ["https://feeds.example/a.xml"] },
    }),
  );
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The newsroom's command lines on a deployment of several publications (ADR 0017).
describe.each(await storeKinds())("the CLIs with PUBLICATIONS_DIR on %s", (kind) => {
  let t: TestStore;
  const script = (name: string) => path.join(import.meta.dirname, `${name}.ts`);
  const env = () => ({
    ...process.env,
    ...t.env,
    PUBLICATIONS_DIR: dir,
    SITE_URL: "https://network.example",
  });
  const run = (name: string, ...args: string[]) =>
    execFileSync(process.execPath, [script(name), ...args], { env: env(), encoding: "utf8" });

  beforeAll(async () => {
    t = await openTestStore(kind);
    const message = (subject: string) => ({ name: "Ada", email: "ada@example.com", subject, message: "Hi" });
    await t.store.publication("harbour").messages.insert(message("To the harbour"));
    await t.store.publication("valley").messages.insert(message("To the valley"));
    await t.store.publication("valley").subscribers.request("ann@example.com");
  });
  afterAll(() => t.dispose());

  it("messages: every publication's, each said whose, or one publication's with --publication", () => {
    const all = run("messages", "list");
    expect(all).toContain("== harbour ==");
    expect(all).toContain("To the harbour");
    expect(all).toContain("== valley ==");
    const valley = run("messages", "list", "--publication", "valley");
    expect(valley).toContain("To the valley");
    expect(valley).not.toContain("To the harbour");
    const csv = run("messages", "export", "--csv", "--publication=harbour").split("\n");
    expect(csv[0]).toMatch(/^publication,id,created_at,/);
    expect(csv[1]).toMatch(/^harbour,\d+,/);
    expect(csv.some((l) => l.includes("To the valley"))).toBe(false);
  });

  it("subscribers: a pending address's link is on its own publication's host", () => {
    const out = run("subscribers", "list");
    expect(out).toMatch(
      /valley\tann@example\.com\tpending\t.*https:\/\/valley\.example\/newsletter\/confirm\?token=/,
    );
    expect(run("subscribers", "list", "--publication", "harbour")).toContain("No subscribers yet.");
  });

  it("newsletter: each publication's editions; a preview is one publication's, in its name", () => {
    const status = run("newsletter", "status");
    expect(status).toContain("== harbour ==\nNo editions yet.");
    expect(status).toContain("== valley ==\nNo editions yet.");
    const refused = spawnSync(process.execPath, [script("newsletter"), "preview"], {
      env: env(),
      encoding: "utf8",
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("add --publication <slug>");
    const out = path.join(dir, "preview");
    run("newsletter", "preview", "--out", out, "--publication", "valley");
    const html = readFileSync(`${out}.html`, "utf8");
    expect(html).toContain("https://valley.example/newsletter/unsubscribe?token=preview");
    expect(html).not.toContain("harbour.example");
  });

  it("names a publication it does not know, and exits 1", () => {
    const result = spawnSync(process.execPath, [script("messages"), "list", "--publication", "nowhere"], {
      env: env(),
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`No publication "nowhere" in ${dir}`);
  });
});
