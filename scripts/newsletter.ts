/**
 * The daily edition by hand:
 *   npm run -s newsletter -- send              make today's edition (once a day) and send what is queued
 *   npm run -s newsletter -- preview [--out P] write today's edition as P.html and P.txt (sends nothing)
 *   npm run -s newsletter -- status [--json]   the last editions with their sent and failed counts
 * Reads the same settings as the server (DATA_DIR or DATABASE_URL, SMTP_URL, MAIL_FROM, SITE_URL);
 * safe to run while the server is up: a mail is sent by one process only.
 */

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { unsubscribeLink } from "#domain/newsletter.ts";
import type { Config } from "#server/config.server.ts";
import { buildEditionContent } from "#server/mail/edition-content.server.ts";
import { createMailService, type MailService, mailSite } from "#server/mail/mail.server.ts";
import { dayIn } from "#server/mail/send-time.server.ts";
import { renderEdition, UNSUBSCRIBE_PLACEHOLDER } from "#server/mail/templates/render.server.ts";
import { createFeedEngine, type FeedEngine, feedEngineSettings } from "#server/news/engine.server.ts";
import { mailPublications } from "#server/publications/mail-publications.server.ts";
import { createPublications, type Publications } from "#server/publications/registry.server.ts";
import { postLibrary, publishedPosts } from "#server/publishing/posts.server.ts";
import type { Store } from "#server/store/store.ts";
import { fail, openFromEnv, publicationsOption } from "./lib/cli.ts";

const USAGE = `Usage:
  npm run -s newsletter -- send [--publication <slug>]
  npm run -s newsletter -- preview [--out <path without extension>] [--publication <slug>]
  npm run -s newsletter -- status [--json] [--publication <slug>]
With PUBLICATIONS_DIR set: send makes every publication's edition, status shows each, and preview
needs --publication.`;

const say = (line: string) => process.stdout.write(`${line}\n`);
const warn = (line: string) => process.stderr.write(`${line}\n`);
/** What the engine and the sender log goes to stderr as one line each: stdout is the command's answer. */
const log = {
  info: () => {},
  warn: (details: object, message: string) => warn(`${message} ${JSON.stringify(details)}`),
  error: (details: object, message: string) => warn(`${message} ${JSON.stringify(details)}`),
  debug: () => {},
};

type Opened = {
  config: Config;
  store: Store;
  engine: FeedEngine;
  mail: MailService;
  publications: Publications;
};

const { slugs, chosen, fromDir, rest: args } = publicationsOption(process.argv.slice(2));

async function open(): Promise<Opened> {
  const { config, opened } = await openFromEnv();
  const publications = createPublications({
    dir: config.PUBLICATIONS_DIR,
    feedsConfig: config.FEEDS_CONFIG,
    log,
  });
  // Reads what the server stored; fetches a feed only for a section never fetched yet.
  const engine = createFeedEngine({
    ...feedEngineSettings(config),
    ...(publications.fromDir
      ? { lists: new Map([...publications.current().bySlug].map(([slug, p]) => [slug, p.feeds] as const)) }
      : {}),
    store: opened,
    ingest: "inline",
    polling: "off",
    logger: log,
    pruneUnlisted: false,
    pruneArchive: false,
  });
  const mail = createMailService({
    config,
    store: opened.store,
    reader: engine,
    posts: () => publishedPosts(postLibrary().current()),
    // Each publication's edition in its own name (only --publication's when given).
    publications: mailPublications(publications, engine, config.SITE_URL, chosen ? slugs : undefined),
    editions: true,
    log,
  });
  return { config, store: opened.store, engine, mail, publications };
}

async function close(o: Opened): Promise<void> {
  await o.mail.stop();
  await o.engine.stop();
  await o.store.close();
}

async function send(o: Opened): Promise<number> {
  const made = await o.mail.makeEdition();
  if (made.status === "empty")
    say(`No edition for ${made.day}: no section has headlines and there is no post.`);
  else if (made.status === "no-subscribers")
    say(`No edition for ${made.day}: nobody has confirmed a subscription yet.`);
  else if (made.status === "created") say(`Edition ${made.day} made for ${made.recipients} subscribers.`);
  else
    say(`Edition ${made.day} was already made (${made.recipients} subscribers); sending what is left of it.`);
  const tally = await o.mail.sender.drain();
  say(
    `${o.mail.transport.describe}\nSent ${tally.sent}, failed ${tally.failed}, skipped ${tally.skipped}, to try again later ${tally.retried}.`,
  );
  return tally.failed > 0 || tally.retried > 0 ? 1 : 0;
}

async function preview(o: Opened, out: string | undefined): Promise<number> {
  const now = new Date();
  // The chosen publication's edition (the bundled site's without PUBLICATIONS_DIR).
  const p = fromDir
    ? mailPublications(o.publications, o.engine, o.config.SITE_URL)?.get(slugs[0] as string)
    : undefined;
  const site = p ? mailSite(p.siteUrl, p.identity) : o.mail.site;
  const content = await buildEditionContent({
    reader: p?.reader ?? o.engine,
    posts: p?.posts ?? (() => publishedPosts(postLibrary().current(), now)),
    siteUrl: site.siteUrl,
    now,
    timeZone: site.timeZone,
    log,
  });
  const words = await renderEdition(content, site);
  const link = unsubscribeLink(site.siteUrl, "preview");
  const base = path.resolve(out ?? `newsletter-preview-${dayIn(now, site.timeZone)}`);
  await writeFile(`${base}.html`, words.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link));
  await writeFile(
    `${base}.txt`,
    `Subject: ${words.subject}\n\n${words.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link)}`,
  );
  say(`${words.subject}\n${base}.html\n${base}.txt`);
  return 0;
}

async function status(o: Opened, json: boolean): Promise<number> {
  const bySlug = await Promise.all(
    slugs.map(async (slug) => [slug, await o.store.publication(slug).editions.recent(10)] as const),
  );
  const confirm = await o.store.mail.counts("confirm");
  const contact = await o.store.mail.counts("contact");
  if (json) {
    const editions = fromDir ? Object.fromEntries(bySlug) : (bySlug[0]?.[1] ?? []);
    say(JSON.stringify({ editions, confirmations: confirm, newsroom: contact }, null, 2));
    return 0;
  }
  for (const [slug, editions] of bySlug) {
    if (fromDir) say(`== ${slug} ==`);
    if (editions.length === 0) say("No editions yet.");
    for (const e of editions)
      say(
        `${e.day}\t${e.recipients} subscribers\tsent ${e.sent}\tfailed ${e.failed}\tskipped ${e.skipped}\tqueued ${e.queued}\t${e.subject}`,
      );
  }
  say(`Confirmation mails: sent ${confirm.sent}, failed ${confirm.failed}, queued ${confirm.queued}.`);
  say(`Newsroom notes: sent ${contact.sent}, failed ${contact.failed}, queued ${contact.queued}.`);
  return 0;
}

const [command, ...rest] = args;
if (command === "preview" && fromDir && !chosen && slugs.length !== 1)
  fail(`preview makes one publication's edition: add --publication <slug>\n${USAGE}`);
let run: (o: Opened) => Promise<number>;
if (command === "send" && rest.length === 0) run = send;
else if (command === "status" && rest.every((f) => f === "--json"))
  run = (o) => status(o, rest.includes("--json"));
else if (command === "preview" && (rest.length === 0 || (rest.length === 2 && rest[0] === "--out")))
  run = (o) => preview(o, rest[1]);
else fail(USAGE);

const opened = await open();
let code = 1;
try {
  code = await run(opened);
} catch (error) {
  warn(error instanceof Error ? error.message : String(error));
} finally {
  await close(opened);
}
process.exit(code);
