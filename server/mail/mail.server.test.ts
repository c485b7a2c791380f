import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Article } from "#domain/article.ts";
import {
  confirmNewsletter,
  handleNewsletter,
  unsubscribeNewsletter,
} from "#server/forms/newsletter.server.ts";
import { createRateLimiter } from "#server/forms/rate-limit.server.ts";
import type { SectionArticles } from "#server/news/reader.server.ts";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";
import { createMailService, type MailService } from "./mail.server.ts";
import { type SmtpSink, startSmtpSink } from "./testing/smtp-sink.ts";

const T0 = new Date("2026-11-26T12:30:00Z"); // 07:30 in New York: the day's edition is due
const SITE = "https://ledger.example";
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function article(section: string, i: number): Article {
  return {
    id: `${section}-${i}`,
    title: `${section} story ${i} & more`,
    excerpt: "",
    content: "",
    category: section,
    publisher: `${section} Times`,
    publishedAt: "2026-11-26T10:00:00Z",
    link: `https://publisher.example/${section}/${i}`,
    readTime: 3,
    featured: i === 0,
    section: section as Article["section"],
  };
}

const reader = {
  getSectionArticles: async (section: string, limit = 15): Promise<SectionArticles> => ({
    articles: Array.from({ length: limit }, (_, i) => article(section, i)),
    sample: false,
  }),
};

const form = (email: string) => {
  const f = new FormData();
  f.set("email", email);
  return f;
};

describe.each(await storeKinds())("mail through a real SMTP server, on %s", (kind) => {
  let t: TestStore;
  let sink: SmtpSink;
  let mail: MailService;
  let clock: Date;

  function service(overrides: { rate?: number } = {}): MailService {
    return createMailService({
      config: {
        SMTP_URL: sink.url,
        MAIL_FROM: "The Ledger <news@ledger.example>",
        DATA_DIR: "./unused",
        SITE_URL: SITE,
        NEWSLETTER_SEND_AT: "off",
        NEWSLETTER_SEND_RATE: overrides.rate ?? 0,
      },
      store: t.store,
      reader,
      posts: () => [],
      editions: true,
      log: quiet,
      now: () => clock,
    });
  }

  beforeEach(async () => {
    t = await openTestStore(kind);
    sink = await startSmtpSink();
    clock = T0;
    mail = service();
  });
  afterEach(async () => {
    await mail.stop();
    await sink.stop();
    await t.dispose();
  });

  const signUp = (email: string) =>
    handleNewsletter(form(email), {
      subscribers: t.store.subscribers,
      limiter: createRateLimiter({ limit: 0, windowMs: 1000 }),
      clientKey: "203.0.113.1",
      log: quiet,
      now: clock,
    });

  /** The token of the link a received mail's text part carries. */
  const linkToken = (text: string | undefined, path: string) =>
    new URL(
      new RegExp(`${SITE}${path}\\?token=[\\w%-]+`).exec(text ?? "")?.[0] ?? "https://x.invalid",
    ).searchParams.get("token") ?? "";

  it("sign-up → confirmation mail → confirm → edition with one-click unsubscribe → unsubscribed", async () => {
    await signUp("Reader@Example.com");
    expect(await mail.sender.drain()).toEqual({ sent: 1, failed: 0, skipped: 0, retried: 0 });
    const [confirmation] = sink.to("reader@example.com");
    expect(confirmation?.from).toBe("news@ledger.example");
    expect(confirmation?.parsed.subject).toMatch(/confirm/i);
    expect(confirmation?.parsed.html).toContain(`${SITE}/newsletter/confirm?token=`);
    const token = linkToken(confirmation?.parsed.text, "/newsletter/confirm");
    expect(token).not.toBe("");
    // Signing up again within the window sends no second mail.
    await signUp("reader@example.com");
    await mail.sender.drain();
    expect(sink.to("reader@example.com")).toHaveLength(1);

    expect(await confirmNewsletter(t.store.subscribers, token)).toBe(true);
    expect(await mail.makeEdition(T0)).toMatchObject({ status: "created", day: "2026-11-26", recipients: 1 });
    expect(await mail.sender.drain()).toMatchObject({ sent: 1, failed: 0 });
    const edition = sink.to("reader@example.com")[1];
    const header = (name: string) =>
      edition?.parsed.headerLines
        .find((h) => h.key === name)
        ?.line.slice(name.length + 1)
        .trim() ?? "";
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const url = header("list-unsubscribe").replace(/^<|>$/g, "");
    expect(url).toMatch(new RegExp(`^${SITE}/newsletter/unsubscribe\\?token=[\\w-]{32}$`));
    expect(edition?.parsed.messageId).toMatch(/^<edition\.\d+\.\d{13}@ledger\.example>$/);
    // Headlines with their publishers, escaped, and the subscriber's own link in both parts.
    expect(edition?.parsed.html).toContain("local story 0 &amp; more");
    expect(edition?.parsed.text).toContain("local Times");
    expect(edition?.parsed.html).toContain(url.replace("&", "&amp;"));
    expect(edition?.parsed.text).toContain(url);
    // The same day again: nothing new.
    expect(await mail.makeEdition(T0)).toMatchObject({ status: "exists" });
    expect(await mail.sender.drain()).toMatchObject({ sent: 0 });

    expect(
      await unsubscribeNewsletter(t.store.subscribers, new URL(url).searchParams.get("token"), quiet),
    ).toBe("unsubscribed");
    clock = new Date(T0.getTime() + 86_400_000);
    // Nobody left to send to: no edition is made.
    expect(await mail.makeEdition(clock)).toEqual({ status: "no-subscribers", day: "2026-11-27" });
    await mail.sender.drain();
    expect(sink.to("reader@example.com")).toHaveLength(2);
  });

  it("a contact message reaches the newsroom once, with Reply-To the writer", async () => {
    await t.store.messages.insertOnce(
      {
        name: "Ada Lovelace",
        email: "ada@example.com",
        category: "news-tip",
        subject: "A tip",
        message: "Line one\nLine two",
      },
      "send-1",
      T0,
    );
    await mail.sender.drain();
    await mail.sender.drain();
    const notes = sink.received.filter((r) => r.to.includes("newsroom@electricledger.example"));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.parsed.replyTo?.value).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    expect(notes[0]?.parsed.subject).toContain("A tip");
    expect(notes[0]?.parsed.text).toContain("Line one\nLine two");
  });

  it("a mail server that is down loses nothing: the note waits, is retried within a minute, and goes once", async () => {
    await sink.stop();
    await t.store.messages.insert(
      { name: "Ada", email: "ada@example.com", subject: "Down", message: "m" },
      T0,
    );
    expect(await mail.sender.drain()).toMatchObject({ sent: 0, retried: 1 });
    expect(await t.store.mail.counts("contact")).toMatchObject({ queued: 1, sent: 0 });
    const due = Date.parse((await t.store.mail.nextDue({ editions: true })) ?? "");
    expect(due - T0.getTime()).toBeGreaterThan(0);
    expect(due - T0.getTime()).toBeLessThanOrEqual(60_000);
    await sink.start();
    // Not due yet: nothing is tried.
    expect(await mail.sender.drain()).toMatchObject({ sent: 0, retried: 0 });
    clock = new Date(due);
    expect(await mail.sender.drain()).toMatchObject({ sent: 1 });
    expect(sink.received).toHaveLength(1);
    expect(await t.store.mail.counts("contact")).toMatchObject({ queued: 0, sent: 1 });
  });

  it("a store that fails (a database another process holds locked) stops the batch at the first mail; nothing is lost", async () => {
    for (let i = 0; i < 6; i++) {
      await t.store.messages.insert(
        { name: "Ada", email: "ada@example.com", subject: `Locked ${i}`, message: "m" },
        T0,
      );
    }
    // Each call would hold the event loop for the busy timeout: the sender must not go on calling.
    const markSent = t.store.mail.markSent;
    let calls = 0;
    t.store.mail.markSent = async () => {
      calls++;
      throw new Error("database is locked");
    };
    let tally: Awaited<ReturnType<MailService["sender"]["drain"]>>;
    try {
      tally = await mail.sender.drain();
    } finally {
      t.store.mail.markSent = markSent;
    }
    // The store is asked once; the mails already in flight on other connections stop before
    // their final dot without asking it, and the rest of the batch is not started.
    expect(calls).toBe(1);
    expect(tally).toMatchObject({ sent: 0, failed: 0 });
    expect(tally.retried).toBeGreaterThanOrEqual(1);
    expect(tally.retried).toBeLessThan(6);
    expect(sink.received).toHaveLength(0);
    expect(await t.store.mail.counts("contact")).toMatchObject({ queued: 6, sent: 0 });
    // Once the claims lapse and the retry is due, every note goes, once.
    clock = new Date(T0.getTime() + 120_000);
    expect(await mail.sender.drain()).toMatchObject({ sent: 6 });
    expect(sink.received).toHaveLength(6);
  });

  it("4xx is tried again later; a 5xx for an address fails it for good and no edition goes to it again", async () => {
    for (const email of ["busy@example.com", "gone@example.com", "ok@example.com"]) {
      const { token } = await t.store.subscribers.request(email, T0);
      await t.store.subscribers.confirm(token ?? "", T0);
    }
    sink.rules.rcpt = (address) =>
      address === "gone@example.com" ? { code: 550, text: "No such user" } : undefined;
    sink.rules.data = (to) =>
      to.includes("busy@example.com") ? { code: 451, text: "Try again later" } : undefined;
    await mail.makeEdition(T0);
    expect(await mail.sender.drain()).toEqual({ sent: 1, failed: 1, skipped: 0, retried: 1 });
    expect((await t.store.editions.recent(1))[0]).toMatchObject({
      recipients: 3,
      sent: 1,
      failed: 1,
      queued: 1,
    });
    // The busy server takes it later.
    sink.rules.data = undefined;
    clock = new Date(T0.getTime() + 120_000);
    expect(await mail.sender.drain()).toMatchObject({ sent: 1 });
    expect(sink.to("busy@example.com")).toHaveLength(1);
    // The refused address is marked: tomorrow's edition leaves it out.
    clock = new Date(T0.getTime() + 86_400_000);
    expect(await mail.makeEdition(clock)).toMatchObject({ recipients: 2 });
  });

  it("sends each copy once however many senders share the queue", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `r${String(i).padStart(2, "0")}@example.com`);
    for (const email of emails) {
      const { token } = await t.store.subscribers.request(email, T0);
      await t.store.subscribers.confirm(token ?? "", T0);
    }
    await mail.makeEdition(T0);
    const other = service();
    const [a, b] = await Promise.all([mail.sender.drain(), other.sender.drain()]);
    await other.stop();
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(12);
    expect(emails.map((e) => sink.to(e).length)).toEqual(emails.map(() => 1));
  });
});
