import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Article } from "#domain/article.ts";
import { handleContact } from "#server/forms/contact.server.ts";
import { handleNewsletter } from "#server/forms/newsletter.server.ts";
import { createRateLimiter } from "#server/forms/rate-limit.server.ts";
import type { SectionArticles } from "#server/news/reader.server.ts";
import { bundledIdentity } from "#server/publications/bundled.server.ts";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";
import { createMailService, type MailPublication, type MailService } from "./mail.server.ts";
import { type SmtpSink, startSmtpSink } from "./testing/smtp-sink.ts";

// The contact form stores with the real clock: the sender's must not be behind it.
const T0 = new Date(Date.now() + 60_000);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const noLimit = createRateLimiter({ limit: 0, windowMs: 1000 });

/** A publication whose every section has one headline naming it. */
function publication(
  slug: string,
  title: string,
  newsroomEmail: string,
  timeZone = bundledIdentity.timeZone,
): MailPublication {
  const article = (section: string): Article => ({
    id: `${slug}-${section}`,
    title: `${title} headline in ${section}`,
    excerpt: "",
    content: "",
    category: section,
    publisher: `${title} Wire`,
    publishedAt: "2026-11-26T10:00:00Z",
    link: `https://publisher.example/${slug}/${section}`,
    readTime: 3,
    featured: false,
    section: section as Article["section"],
  });
  return {
    siteUrl: `https://${slug}.example`,
    identity: { ...bundledIdentity, slug, title, newsroomEmail, timeZone },
    reader: {
      getSectionArticles: async (section: string): Promise<SectionArticles> => ({
        articles: [article(section)],
        sample: false,
      }),
    },
    posts: () => [],
  };
}

/** The mail service's view of `served`; "paused": a folder that cannot be read now (its mail waits). */
const view = (served: ReadonlyMap<string, MailPublication>) => ({
  all: () => [...served.keys()],
  get: (slug: string) => (slug === "paused" ? null : served.get(slug)),
  timeZones: () => [...new Set([...served.values()].map((p) => p.identity.timeZone))],
  timeZoneOf: (slug: string) => served.get(slug)?.identity.timeZone,
});

// Each publication's mail is written as that publication (ADR 0017).
describe.each(await storeKinds())("many publications' mail through a real SMTP server, on %s", (kind) => {
  let t: TestStore;
  let sink: SmtpSink;
  let mail: MailService;
  const served = new Map([
    ["harbour", publication("harbour", "The Harbour Courier", "desk@harbour.example")],
    ["valley", publication("valley", "Valley Volt", "news@valley.example")],
  ]);

  beforeEach(async () => {
    t = await openTestStore(kind);
    sink = await startSmtpSink();
    mail = service(served, "off", T0);
  });

  /** The mail service of these publications, its editions at `sendAt`, its clock stopped at `now`. */
  const service = (publications: ReadonlyMap<string, MailPublication>, sendAt: string, now: Date) =>
    createMailService({
      config: {
        SMTP_URL: sink.url,
        MAIL_FROM: "Network Mail <mail@network.example>",
        DATA_DIR: "./unused",
        SITE_URL: "https://unused.example",
        NEWSLETTER_SEND_AT: sendAt,
        NEWSLETTER_SEND_RATE: 0,
      },
      store: t.store,
      reader: { getSectionArticles: async () => ({ articles: [], sample: false }) },
      posts: () => [],
      publications: view(publications),
      editions: true,
      log: quiet,
      now: () => now,
    });
  afterEach(async () => {
    await mail.stop();
    await sink.stop();
    await t.dispose();
  });

  const signUp = async (slug: string, email: string) => {
    const form = new FormData();
    form.set("email", email);
    await handleNewsletter(form, {
      subscribers: t.store.publication(slug).subscribers,
      limiter: noLimit,
      clientKey: "203.0.113.1",
      log: quiet,
      now: T0,
    });
  };

  it("confirmations, newsroom notes and editions each go out in their publication's name and links", async () => {
    await signUp("harbour", "ann@example.com");
    await signUp("valley", "ann@example.com");
    const contact = new FormData();
    for (const [k, v] of Object.entries({
      name: "Bo",
      email: "bo@example.com",
      subject: "A tip for the valley",
      message: "There is a new charger on Main Street.",
    }))
      contact.set(k, v);
    await handleContact(contact, {
      messages: t.store.publication("valley").messages,
      limiter: noLimit,
      clientKey: "valley 203.0.113.2",
      log: quiet,
    });
    expect(await mail.sender.drain()).toMatchObject({ sent: 3, failed: 0, skipped: 0 });
    const confirmations = sink.to("ann@example.com");
    const harbourLink = confirmations.find((m) =>
      String(m.parsed.html).includes("https://harbour.example/newsletter/confirm?token="),
    );
    const valleyLink = confirmations.find((m) =>
      String(m.parsed.html).includes("https://valley.example/newsletter/confirm?token="),
    );
    expect(harbourLink?.parsed.from?.text).toContain("The Harbour Courier");
    expect(valleyLink?.parsed.from?.text).toContain("Valley Volt");
    // The newsroom note goes to the valley's newsroom only.
    expect(sink.to("news@valley.example")).toHaveLength(1);
    expect(sink.to("desk@harbour.example")).toHaveLength(0);

    // Confirm both, then the day's editions: one per publication, each with its own headlines.
    for (const slug of ["harbour", "valley"]) {
      const [pending] = await t.store.publication(slug).subscribers.list(T0);
      await t.store.publication(slug).subscribers.confirm(pending?.token ?? "", T0);
    }
    await mail.makeEdition(T0);
    expect(await mail.sender.drain()).toMatchObject({ sent: 2, failed: 0 });
    const editions = sink.to("ann@example.com").slice(2);
    const harbour = editions.find((m) => String(m.parsed.html).includes("The Harbour Courier headline"));
    const valley = editions.find((m) => String(m.parsed.html).includes("Valley Volt headline"));
    expect(String(harbour?.parsed.html)).not.toContain("Valley Volt headline");
    expect(harbour?.parsed.html).toContain("https://harbour.example/newsletter/unsubscribe?token=");
    expect(valley?.parsed.html).toContain("https://valley.example/newsletter/unsubscribe?token=");
    expect(valley?.parsed.messageId).toMatch(/@valley\.example>$/);
  });

  it("a publication's mail waits while its folder cannot be read, and is skipped once it is gone", async () => {
    await signUp("paused", "ann@example.com");
    await signUp("gone", "bo@example.com");
    expect(await mail.sender.drain()).toMatchObject({ sent: 0, retried: 1, skipped: 1 });
    expect(sink.received).toHaveLength(0);
    expect(await t.store.mail.counts("confirm")).toMatchObject({ queued: 1, skipped: 1 });
  });

  it("the schedule makes each publication's edition at NEWSLETTER_SEND_AT on its own clock", async () => {
    // Auckland is 18 hours ahead of New York in December.
    const zoned = new Map([
      ["harbour", publication("harbour", "The Harbour Courier", "desk@harbour.example", "Pacific/Auckland")],
      ["valley", publication("valley", "Valley Volt", "news@valley.example", "America/New_York")],
    ]);
    for (const slug of zoned.keys()) {
      await signUp(slug, "ann@example.com");
      const [pending] = await t.store.publication(slug).subscribers.list(T0);
      await t.store.publication(slug).subscribers.confirm(pending?.token ?? "", T0);
    }
    const scheduled = (at: string) => service(zoned, "07:00", new Date(at));
    const made = async (slug: string, day: string) =>
      (await t.store.publication(slug).editions.byDay(day)) !== undefined;

    // 08:00 on 6 December in Auckland, 14:00 on the 5th in New York (07:00 there is long past).
    const first = scheduled("2026-12-05T19:00:00Z");
    first.start();
    await expect.poll(() => made("harbour", "2026-12-06")).toBe(true);
    await first.stop();
    expect(await made("valley", "2026-12-05")).toBe(false);
    expect(await made("valley", "2026-12-06")).toBe(false);

    // 07:30 on the 6th in New York (01:30 on the 7th in Auckland): the valley's turn, and only its.
    const second = scheduled("2026-12-06T12:30:00Z");
    second.start();
    await expect.poll(() => made("valley", "2026-12-06")).toBe(true);
    await second.stop();
    expect(await made("harbour", "2026-12-07")).toBe(false);
    expect((await t.store.publication("harbour").editions.recent(10)).map((e) => e.day)).toEqual([
      "2026-12-06",
    ]);
  });
});
