import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";

// Each case starts Node processes: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 60_000 });

/** The CLI with `env` over this process's environment. */
const cli = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ["scripts/subscribers.ts", ...args], {
    env: { ...process.env, SITE_URL: "https://news.example", ...env },
    encoding: "utf8",
  });

describe("subscribers CLI", () => {
  it("explains its usage on a bad command", () => {
    const r = cli({}, "delete");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("npm run -s subscribers -- list [--json]");
  });
});

describe.each(await storeKinds())("subscribers CLI on %s (DATABASE_URL or DATA_DIR)", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());
  const run = (...args: string[]) => cli(t.env, ...args);

  it("lists confirmed and pending addresses, with a pending one's confirmation link", async () => {
    expect(run("list").stdout).toBe("No subscribers yet.\n");
    // Far in the future, so neither has expired when the CLI lists them (a link works for 7 days).
    const { token } = await t.store.subscribers.request("a@example.com", new Date("2998-12-25T00:00:00Z"));
    const b = new Date("2998-12-26T00:00:00Z");
    const { token: other } = await t.store.subscribers.request("b@example.com", b);
    expect(await t.store.subscribers.confirm(other ?? "", b)).toBe(true);
    const link = `https://news.example/newsletter/confirm?token=${token}`;
    const text = run("list");
    expect(text.stderr).toBe("");
    expect(text.stdout).toBe(
      "2 addresses: 1 confirmed, 1 pending\n" +
        `a@example.com\tpending\t2998-12-25T00:00:00.000Z\texpires 2999-01-01T00:00:00.000Z\t${link}\n` +
        "b@example.com\tconfirmed\t2998-12-26T00:00:00.000Z\n",
    );
    const json = JSON.parse(run("list", "--json").stdout);
    expect(json[0]).toMatchObject({ email: "a@example.com", status: "pending", confirmLink: link });
    expect(json[1]).toMatchObject({ email: "b@example.com", status: "confirmed", confirmLink: null });
  });
});
