import { render } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import { CONTACT_CATEGORIES } from "#domain/contact.ts";
import { formatShortDateTime } from "#domain/dates.ts";
import type { StoredMessage } from "#server/store/store.ts";
import type { EditionContent } from "../edition-content.server.ts";
import { ConfirmationMail } from "./confirmation.server.ts";
import { EditionMail } from "./edition.server.ts";
import { LINE_LINK, type MailSite } from "./layout.server.ts";
import { NewsroomMail } from "./newsroom.server.ts";

export type { MailSite };
export type RenderedMail = { subject: string; html: string; text: string };

/** The per-subscriber unsubscribe URL is put in by the sender: html and text carry this placeholder where it goes. */
export const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.placeholder.invalid/link";

/** Subjects stay short enough for a phone's inbox line and the header's fold. */
export const SUBJECT_MAX = 120;

/**
 * One line of plain text: control characters and runs of blanks become one space. A longer line is
 * cut after its last whole word that fits (a word is cut only when it is most of the line) with "…".
 */
export function subjectLine(text: string, max = SUBJECT_MAX): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const line = text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  if (line.length <= max) return line;
  const head = line.slice(0, max);
  const space = head.lastIndexOf(" ");
  const cut = space > max / 2 ? head.slice(0, space) : head.slice(0, max - 1);
  return `${cut.replace(/[\s,;:—–-]+$/, "")}…`;
}

/** Preview text (the inbox's line after the subject): plain and short. */
function previewLine(text: string): string {
  return subjectLine(text, 140);
}

/** What html-to-text hands a formatter (the package ships no types). */
type TextElement = { attribs?: Record<string, string>; children: unknown[] };
type TextBuilder = {
  addLineBreak(): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
};

/**
 * The text part's rules: headings keep their case (html-to-text would shout them), and a link
 * marked LINE_LINK has its address on a line of its own under its text, where a reader finds it.
 */
const TEXT_OPTIONS = {
  formatters: {
    lineLink(
      elem: TextElement,
      walk: (nodes: unknown[], builder: TextBuilder) => void,
      builder: TextBuilder,
    ) {
      walk(elem.children, builder);
      const href = elem.attribs?.href;
      if (href) {
        builder.addLineBreak();
        builder.addInline(href, { noWordTransform: true });
      }
    },
  },
  selectors: [
    ...["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: `a.${LINE_LINK}`, format: "lineLink" },
  ],
};

/**
 * The mail's HTML and its text part from the same element. `preserveNewlines` keeps a reader's
 * own line breaks (a contact message) in the text part; our JSX has none of its own.
 */
async function renderBoth(
  subject: string,
  element: ReactElement,
  { preserveNewlines = false } = {},
): Promise<RenderedMail> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: { ...TEXT_OPTIONS, preserveNewlines } }),
  ]);
  return { subject, html, text };
}

export async function renderEdition(content: EditionContent, site: MailSite): Promise<RenderedMail> {
  const first = content.blocks[0]?.headlines[0]?.title;
  const subject = subjectLine(`${site.name} — ${content.dateLabel}${first ? `: ${first}` : ""}`);
  const titles = content.blocks.flatMap((b) => b.headlines.slice(0, 1).map((h) => h.title));
  const preview = previewLine(titles.length > 0 ? titles.join(" · ") : site.tagline);
  return renderBoth(
    subject,
    createElement(EditionMail, { content, site, preview, unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER }),
  );
}

export async function renderConfirmation(args: {
  site: MailSite;
  link: string;
  expiresAt: string;
}): Promise<RenderedMail> {
  const { site, link } = args;
  const expires = formatShortDateTime(args.expiresAt, site.timeZone);
  const subject = subjectLine(`Confirm your subscription to ${site.name}`);
  const preview = previewLine(`One click and the daily edition of ${site.name} arrives each morning.`);
  return renderBoth(subject, createElement(ConfirmationMail, { site, link, expires, preview }));
}

export async function renderNewsroomNotification(
  message: StoredMessage,
  site: MailSite,
): Promise<RenderedMail> {
  const category = message.category
    ? (CONTACT_CATEGORIES.find((c) => c.value === message.category)?.label ?? message.category)
    : null;
  const subject = subjectLine(`Contact: ${message.subject}${category ? ` (${category})` : ""}`);
  const preview = previewLine(`${message.name}: ${message.message}`);
  return renderBoth(
    subject,
    createElement(NewsroomMail, {
      site,
      preview,
      name: message.name,
      email: message.email,
      sentAt: formatShortDateTime(message.createdAt, site.timeZone),
      category,
      subject: message.subject,
      message: message.message,
    }),
    { preserveNewlines: true },
  );
}
