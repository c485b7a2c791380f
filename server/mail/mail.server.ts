import { identity } from "#content/site.ts";
import { confirmLink, unsubscribeLink } from "#domain/newsletter.ts";
import type { PublicationAddress } from "#domain/publication.ts";
import type { Config } from "#server/config.server.ts";
import type { NewsReader } from "#server/news/reader.server.ts";
import type { Post } from "#server/publishing/posts.server.ts";
import type { Store } from "#server/store/store.ts";
import { type Mailbox, parseMailbox } from "./compose.server.ts";
import { startEditionSchedule } from "./edition-schedule.server.ts";
import { type EditionResult, makeEdition } from "./editions.server.ts";
import type { MailTransport } from "./mail-transport.ts";
import { dayIn } from "./send-time.server.ts";
import { createMailSender, type MailSender, type MailVoice } from "./sender.server.ts";
import {
  type MailSite,
  renderConfirmation,
  renderNewsroomNotification,
  UNSUBSCRIBE_PLACEHOLDER,
} from "./templates/render.server.ts";
import { openMailTransport } from "./transport.server.ts";

export type MailConfig = Pick<
  Config,
  "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "SITE_URL" | "NEWSLETTER_SEND_AT" | "NEWSLETTER_SEND_RATE"
>;

type Log = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** A publication as its mail is written: its address and identity, what its editions are made of. */
export type MailPublication = PublicationAddress & {
  reader: Pick<NewsReader, "getSectionArticles">;
  posts: () => readonly Post[];
};

export type MailServiceOptions = {
  config: MailConfig;
  store: Pick<Store, "mail" | "editions" | "messages" | "subscribers"> & Partial<Pick<Store, "publication">>;
  /**
   * Many publications (PUBLICATIONS_DIR): each mail is written as its own, and each publication
   * with subscribers gets its own edition. Absent: the bundled site's mail only.
   */
  publications?: {
    all(): string[];
    /** null: a publication not served now but not gone (its mail waits); undefined: gone. */
    get(slug: string): MailPublication | null | undefined;
    /** The zones of the publications' clocks (each one's edition goes at its own 07:00). */
    timeZones(): readonly string[];
    /** A publication's zone, without making its reader; undefined when it is not served now. */
    timeZoneOf(slug: string): string | undefined;
  };
  reader: Pick<NewsReader, "getSectionArticles">;
  posts: () => readonly Post[];
  /**
   * This process sends editions and keeps their schedule (ROLE=all or ingest, and the CLI); a
   * web-only process sends confirmations and newsroom notes only.
   */
  editions: boolean;
  /** The job queue's database on PostgreSQL: the day's edition is one scheduled job there. */
  jobQueue?: { connectionString: string } | undefined;
  log: Log;
  transport?: MailTransport;
  now?: () => Date;
};

export type MailService = {
  transport: MailTransport;
  sender: MailSender;
  site: MailSite;
  /** Something was queued (a sign-up, a contact message): send it now. */
  kick(): void;
  /** Makes the day's edition now (idempotent) and wakes the sender. */
  makeEdition(now?: Date): Promise<EditionResult>;
  /** Starts sending and, for an editions process, the daily schedule. */
  start(): void;
  stop(): Promise<void>;
};

/** The site as the mails name it (the bundled site's, or a publication's). */
type Who = Pick<PublicationAddress["identity"], "title" | "tagline" | "timeZone" | "newsroomEmail">;

export function mailSite(siteUrl: string, who: Who = identity): MailSite {
  return {
    name: who.title,
    tagline: who.tagline,
    siteUrl,
    timeZone: who.timeZone,
    newsroomEmail: who.newsroomEmail,
  };
}

/**
 * MAIL_FROM's address with the publication's name (one sending domain for the network), else the
 * publication's name and newsroom address.
 */
export function mailFrom(config: Pick<Config, "MAIL_FROM">, who: Who = identity): Mailbox {
  const configured = config.MAIL_FROM ? parseMailbox(config.MAIL_FROM) : undefined;
  if (configured && who !== identity) return { ...configured, name: who.title };
  return configured ?? { name: who.title, address: who.newsroomEmail };
}

/**
 * How a publication's mail is written: its sender, newsroom, list and links on its own host (the
 * bundled site's at SITE_URL by default).
 */
function voiceOf(config: MailConfig, siteUrl: string, who: Who = identity): MailVoice {
  const site = mailSite(siteUrl, who);
  return {
    from: mailFrom(config, who),
    newsroom: site.newsroomEmail,
    host: new URL(siteUrl).hostname,
    listName: site.name,
    words: {
      confirmation: (link, expiresAt) => renderConfirmation({ site, link, expiresAt }),
      newsroom: (message) => renderNewsroomNotification(message, site),
    },
    confirmUrl: (token) => confirmLink(siteUrl, token),
    unsubscribeUrl: (token) => unsubscribeLink(siteUrl, token),
  };
}

/** Mail for one process: the transport (SMTP or the outbox), the queue's sender and the edition schedule. */
export function createMailService(options: MailServiceOptions): MailService {
  const { config, store, log } = options;
  const now = options.now ?? (() => new Date());
  const site = mailSite(config.SITE_URL);
  const transport = options.transport ?? openMailTransport(config);
  // A publication's voice is made once per snapshot of it (a reload makes new ones).
  const voices = new WeakMap<object, MailVoice>();
  const sender = createMailSender({
    store,
    ...(options.publications
      ? {
          voiceOf(slug: string) {
            const p = options.publications?.get(slug);
            if (!p) return p;
            let voice = voices.get(p.identity);
            if (!voice) {
              voice = voiceOf(config, p.siteUrl, p.identity);
              voices.set(p.identity, voice);
            }
            return voice;
          },
        }
      : {}),
    transport,
    ...voiceOf(config, config.SITE_URL),
    unsubscribePlaceholder: UNSUBSCRIBE_PLACEHOLDER,
    rate: config.NEWSLETTER_SEND_RATE,
    editions: options.editions,
    log,
    now,
  });
  /**
   * The editions of the day at `at`: every publication's, or (the schedule) those whose zone's time
   * has come. The bundled site alone is one zone, and the schedule asks only when it is due.
   */
  const edition = async (at = now(), due?: (timeZone: string) => boolean) => {
    const publications = options.publications;
    if (!publications) {
      const result = await makeEdition(
        { store, reader: options.reader, posts: options.posts, site, log },
        at,
      );
      sender.kick();
      return result;
    }
    // Every publication's own edition, one after another (most have no subscribers: one count each).
    let first: EditionResult | undefined;
    for (const slug of publications.all()) {
      const zone = publications.timeZoneOf(slug);
      if (due && (zone === undefined || !due(zone))) continue;
      const p = publications.get(slug);
      if (!p || !store.publication) continue;
      const result = await makeEdition(
        {
          store: store.publication(slug),
          reader: p.reader,
          posts: p.posts,
          site: mailSite(p.siteUrl, p.identity),
          log,
        },
        at,
      ).catch((error: unknown) => {
        log.error({ publication: slug, err: String(error) }, "edition not made");
        return undefined;
      });
      if (result && (!first || result.status === "created")) first ??= result;
    }
    sender.kick();
    return first ?? { status: "no-subscribers", day: dayIn(at, site.timeZone) };
  };
  let schedule: { stop(): Promise<void> } | undefined;
  return {
    transport,
    sender,
    site,
    kick: () => sender.kick(),
    makeEdition: edition,
    start() {
      log.info({ transport: transport.kind }, transport.describe);
      sender.start();
      if (options.editions && config.NEWSLETTER_SEND_AT !== "off") {
        schedule = startEditionSchedule({
          at: config.NEWSLETTER_SEND_AT,
          timeZones: () => options.publications?.timeZones() ?? [site.timeZone],
          jobQueue: options.jobQueue,
          make: (due) => edition(now(), due),
          log,
          now,
        });
      }
    },
    async stop() {
      await schedule?.stop();
      await sender.stop();
      await transport.close();
    },
  };
}
