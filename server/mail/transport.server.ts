import type { MailTransport } from "./mail-transport.ts";
import { openOutbox, outboxDir } from "./outbox.server.ts";
import { openSmtpPool } from "./smtp-pool.server.ts";

export type { MailTransport, OutgoingMail, SendOutcome } from "./mail-transport.ts";

/** The settings a transport is opened from. */
export type TransportSettings = { SMTP_URL?: string | undefined; DATA_DIR: string };

/** SMTP when SMTP_URL is set (a pool of connections), else the outbox. */
export function openMailTransport(settings: TransportSettings): MailTransport {
  return settings.SMTP_URL ? openSmtpPool(settings.SMTP_URL) : openOutbox(outboxDir(settings.DATA_DIR));
}
