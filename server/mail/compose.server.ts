import addressparser from "nodemailer/lib/addressparser";
import MailComposer from "nodemailer/lib/mail-composer";

/** A mailbox: a display name and an address. */
export type Mailbox = { name: string; address: string };

/**
 * MAIL_FROM ("Name <address>" or "address") as one mailbox; undefined when it is not exactly one
 * address (config names the variable then).
 */
export function parseMailbox(text: string): Mailbox | undefined {
  const parsed = addressparser(text, { flatten: true });
  if (parsed.length !== 1) return undefined;
  const [box] = parsed;
  if (!box || !/^[^\s@]+@[^\s@]+$/.test(box.address)) return undefined;
  return { name: box.name, address: box.address };
}

export type ComposeInput = {
  /** Names the Message-ID with `kind` (one mail, one id: a mailbox shows a second copy as the same mail). */
  kind: string;
  id: number | string;
  from: Mailbox;
  to: string;
  replyTo?: Mailbox;
  subject: string;
  html: string;
  text: string;
  /** The host in Message-IDs and List-Id (the site's). */
  host: string;
  date: Date;
  /** Editions: the subscriber's one-click unsubscribe URL (RFC 8058) and the list's name. */
  list?: { unsubscribeUrl: string; name: string };
};

/** One message as MIME (HTML and plain-text alternatives), built by nodemailer's composer. */
export function composeMime(input: ComposeInput): Promise<Buffer> {
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject: input.subject,
    html: input.html,
    text: input.text,
    date: input.date,
    messageId: `<${input.kind}.${input.id}@${input.host}>`,
    ...(input.list
      ? {
          headers: {
            "List-Id": `${input.list.name.replace(/[<>"\r\n]/g, "")} <newsletter.${input.host}>`,
            "List-Unsubscribe": `<${input.list.unsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }
      : {}),
  });
  return composer.compile().build();
}
