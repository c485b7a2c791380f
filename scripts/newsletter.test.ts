import { execFile, spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { identity } from "#content/identity.ts";
import { dayIn } from "#server/mail/send-time.server.ts";
import { type SmtpSink, startSmtpSink } from "#server/mail/testing/smtp-sink.ts";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";

// Each case starts Node processes: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 120_000 });

const SITE = { SITE_URL: "https://news.example", NEWSLETTER_SEND_RATE: "0" };

/** The CLI in a child process; asynchronous, so that the SMTP sink in this process keeps answering. */
const cli = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["scripts/newsletter.ts", ...args],
      { env: { ...process.env, ...SITE, ...env }, encoding: "utf8" },
      (error, stdout, stderr) =>
        resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe("newsletter CLI", () => {
  it("explains its usage on a bad command", async () => {
    const r = await cli({}, "publish");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("npm run -s newsletter -- send");
  });
});

describe.each(await storeKinds())("newsletter CLI on %s", (kind) => {
  let t: TestStore;
  let sink: SmtpSink;
  beforeEach(async () => {
    t = await openTestStore(kind);
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await sink.stop();
    await t.dispose();
  });

  /** `count` confirmed subscribers and today's edition made for them (as the schedule would). */
  async function edition(count: number): Promise<string[]> {
    const emails = Array.from({ length: count }, (_, i) => `reader${String(i).padStart(4, "0")}@example.com`);
    for (const email of emails) {
      const { token } = await t.store.subscribers.request(email);
      await t.store.subscribers.confirm(token ?? "");
    }
    const words = {
      subject: "Today",
      html: "<p>Today https://unsubscribe.placeholder.invalid/link</p>",
      text: "Today",
    };
    await t.store.editions.create(dayIn(new Date(), identity.timeZone), words);
    return emails;
  }

  it("a kill -9 in the middle of an edition: after the restart every subscriber has exactly one copy", async () => {
    const emails = await edition(300);
    // At most 50 a second: the kill lands while most of the 300 are still to go, however fast the machine.
    const env = { ...process.env, ...SITE, ...t.env, SMTP_URL: sink.url, NEWSLETTER_SEND_RATE: "50" };
    const child = spawn(process.execPath, ["scripts/newsletter.ts", "send"], { env, stdio: "ignore" });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await expect
      .poll(() => sink.received.length, { timeout: 60_000, interval: 5 })
      .toBeGreaterThanOrEqual(100);
    child.kill("SIGKILL");
    await exited;
    const before = sink.received.length;
    expect(before).toBeLessThan(300);
    const again = await cli({ ...t.env, SMTP_URL: sink.url }, "send");
    expect(again.stderr).toBe("");
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("was already made (300 subscribers)");
    const copies = emails.map((e) => sink.to(e).length);
    expect(copies.filter((n) => n === 0)).toEqual([]);
    expect(copies.filter((n) => n > 1)).toEqual([]);
    expect((await t.store.editions.recent(1))[0]).toMatchObject({ recipients: 300, sent: 300, queued: 0 });
    // A second run the same day sends nothing.
    const third = await cli({ ...t.env, SMTP_URL: sink.url }, "send");
    expect(third.stdout).toContain("Sent 0, failed 0, skipped 0");
    expect(sink.received).toHaveLength(300);
    const status = await cli({ ...t.env }, "status");
    expect(status.stdout).toMatch(/300 subscribers\tsent 300\tfailed 0\tskipped 0\tqueued 0\tToday/);
  });

  it.runIf(kind === "sqlite")(
    "without SMTP_URL, mail is written to DATA_DIR/outbox as .eml files",
    async () => {
      await edition(2);
      const r = await cli({ ...t.env }, "send");
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/mail is written to .*outbox as \.eml files/);
      expect(r.stdout).toContain("Sent 2, failed 0");
    },
  );
});
