/** What a mail transport is (SMTP or the outbox), apart from either. */

/** One mail, its MIME already built (compose.server.ts). */
export type OutgoingMail = {
  /** The queue row's id (names the outbox file). */
  id: number;
  /** Envelope sender and recipient (bare addresses). */
  from: string;
  to: string;
  raw: Buffer;
  /** A file name for the outbox, unique per queued mail (rewriting it makes no second copy). */
  fileName: string;
};

/**
 * What became of a send. `taken`: another sender marked it sent first, so this one did not send.
 * `unknown`: the mail was committed and handed over but the server never answered; it is counted
 * as sent (a second copy is worse than a rare lost one). The failures: `temporary` (4xx, a server
 * down: try again later), `address` (5xx for the recipient: that address is refused for good),
 * `refused` (another 5xx: this mail will never go). `committed` says whether the row was marked sent.
 */
export type SendOutcome =
  | { status: "sent" | "taken" }
  | { status: "unknown"; error: string }
  | { status: "temporary" | "address" | "refused"; error: string; committed: boolean };

export type MailTransport = {
  kind: "smtp" | "outbox";
  /** Where mail goes, in one line without a password (for the start's log line). */
  describe: string;
  /** How many sends may run at once. */
  concurrency: number;
  /**
   * Sends one mail. `commit` marks it sent in the store and says whether this sender owns it: it
   * runs after the message has been handed to the server and before the server may accept it (the
   * final dot of DATA), so a crash at any point leaves either an unsent queued row or a sent one.
   */
  send(mail: OutgoingMail, commit: () => Promise<boolean>): Promise<SendOutcome>;
  close(): Promise<void>;
};
