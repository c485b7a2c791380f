import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../server/store/db.server.ts";
import { requestSubscription } from "../server/store/subscribers.server.ts";
import { openTestStore, storeKinds } from "../server/store/testing/stores.ts";

// Each case starts node processes: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 60_000 });

// Each case starts Node processes: give a loaded machine room (behaviour, never timing).
vi.setConfig({ testTimeout: 30_000 });

const dir = mkdtempSync(path.join(tmpdir(), "subs-cli-"));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/subscribers.ts", ...args], {
    env: { ...process.env, DATA_DIR: dir, SITE_URL: "https://news.example" },
    encoding: "utf8",
  });

describe("subscribers CLI", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists confirmed and pending addresses, with a pending one's confirmation link", () => {
    expect(run("list").stdout).toBe("No subscribers yet.\n");
    const db = openDatabase(dir);
    const { token } = requestSubscription(db, "a@example.com", new Date("2026-01-01T00:00:00Z"));
    db.exec("UPDATE newsletter_subscribers SET expires_at = '2999-01-01T00:00:00.000Z'");
    const { token: other } = requestSubscription(db, "b@example.com", new Date("2998-01-01T00:00:00Z"));
    db.prepare(
      "UPDATE newsletter_subscribers SET confirmed_at = created_at, token = NULL WHERE token = ?",
    ).run(other ?? "");
    db.close();
    const link = `https://news.example/newsletter/confirm?token=${token}`;
    expect(run("list").stdout).toBe(
      "2 addresses: 1 confirmed, 1 pending\n" +
        `a@example.com\tpending\t2026-01-01T00:00:00.000Z\texpires 2999-01-01T00:00:00.000Z\t${link}\n` +
        "b@example.com\tconfirmed\t2998-01-01T00:00:00.000Z\n",
    );
    const json = JSON.parse(
      execFileSync(process.execPath, ["scripts/subscribers.ts", "list", "--json"], {
        env: { ...process.env, DATA_DIR: dir, SITE_URL: "https://news.example" },
        encoding: "utf8",
      }),
    );
    expect(json[0]).toMatchObject({ email: "a@example.com", status: "pending", confirmLink: link });
    expect(json[1]).toMatchObject({ email: "b@example.com", status: "confirmed", confirmLink: null });
  });

  it("explains its usage on a bad command", () => {
    const r = run("delete");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("npm run -s subscribers -- list [--json]");
  });
});

describe.each(await storeKinds())("subscribers CLI on %s (DATABASE_URL or DATA_DIR)", (kind) => {
  it("lists the addresses of the store the server uses", async () => {
    const t = await openTestStore(kind);
    try {
      await t.store.subscribers.request("a@example.com", new Date("2998-12-31T00:00:00Z"));
      const r = spawnSync(process.execPath, ["scripts/subscribers.ts", "list", "--json"], {
        env: { ...process.env, ...t.env, SITE_URL: "https://news.example" },
        encoding: "utf8",
      });
      expect(r.stderr).toBe("");
      expect(JSON.parse(r.stdout)).toEqual([
        expect.objectContaining({
          email: "a@example.com",
          status: "pending",
          confirmLink: expect.any(String),
        }),
      ]);
    } finally {
      await t.dispose();
    }
  });
});
