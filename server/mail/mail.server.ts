import { identity } from "#content/site.ts";
import { confirmLink, unsubscribeLink } from "#domain/newsletter.ts";
import type { Config } from "#server/config.server.ts";
import type { NewsReader } from "#server/news/reader.server.ts";
import type { Post } from "#server/publishing/posts.server.ts";
import type { Store } from "#server/store/store.ts";
import { type Mailbox, parseMailbox } from "./compose.server.ts";
import { startEditionSchedule } from "./edition-schedule.server.ts";
import { type EditionResult, makeEdition } from "./editions.server.ts";
import type { MailTransport } from "./mail-transport.ts";
import { createMailSender, type MailSender } from "./sender.server.ts";
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

export type MailServiceOptions = {
  config: MailConfig;
  store: Pick<Store, "mail" | "editions" | "messages" | "subscribers">;
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

/** The site as the mails name it. */
export function mailSite(siteUrl: string): MailSite {
  return {
    name: identity.title,
    tagline: identity.tagline,
    siteUrl,
    timeZone: identity.timeZone,
    newsroomEmail: identity.newsroomEmail,
  };
}

/** MAIL_FROM, else the site's name and newsroom address. */
export function mailFrom(config: Pick<Config, "MAIL_FROM">): Mailbox {
  return (
    (config.MAIL_FROM ? parseMailbox(config.MAIL_FROM) : undefined) ?? {
      name: identity.title,
      address: identity.newsroomEmail,
    }
  );
}

/** Mail for one process: the transport (SMTP or the outbox), the queue's sender and the edition schedule. */
export function createMailService(options: MailServiceOptions): MailService {
  const { config, store, log } = options;
  const now = options.now ?? (() => new Date());
  const site = mailSite(config.SITE_URL);
  const transport = options.transport ?? openMailTransport(config);
  const sender = createMailSender({
    store,
    transport,
    from: mailFrom(config),
    newsroom: site.newsroomEmail,
    host: new URL(config.SITE_URL).hostname,
    listName: site.name,
    words: {
      confirmation: (link, expiresAt) => renderConfirmation({ site, link, expiresAt }),
      newsroom: (message) => renderNewsroomNotification(message, site),
    },
    confirmUrl: (token) => confirmLink(config.SITE_URL, token),
    unsubscribeUrl: (token) => unsubscribeLink(config.SITE_URL, token),
    unsubscribePlaceholder: UNSUBSCRIBE_PLACEHOLDER,
    rate: config.NEWSLETTER_SEND_RATE,
    editions: options.editions,
    log,
    now,
  });
  const edition = async (at = now()) => {
    const result = await makeEdition({ store, reader: options.reader, posts: options.posts, site, log }, at);
    sender.kick();
    return result;
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
          timeZone: site.timeZone,
          jobQueue: options.jobQueue,
          make: () => edition(),
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
