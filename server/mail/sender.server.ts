import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { ClaimedMail, Edition, Store, StoredMessage } from "#server/store/store.ts";
import { composeMime, type Mailbox } from "./compose.server.ts";
import type { MailTransport, SendOutcome } from "./mail-transport.ts";

/** A mail's words: subject, HTML and plain text (templates/render.server.ts). */
export type MailWords = { subject: string; html: string; text: string };

/** How one publication's mail is written: its sender, newsroom, host, list name, words and links. */
export type MailVoice = Pick<
  MailSenderOptions,
  "from" | "newsroom" | "host" | "listName" | "words" | "confirmUrl" | "unsubscribeUrl"
>;

export type MailSenderOptions = {
  store: Pick<Store, "mail" | "editions" | "messages" | "subscribers"> & Partial<Pick<Store, "publication">>;
  /**
   * Each mail is written as its publication (ADR 0017): the voice of a publication other than the
   * one these options describe; undefined when it is gone (its mail is skipped), null when it is
   * not served now but not gone (its mail waits an hour). Absent: every mail is these options'.
   */
  voiceOf?(publication: string): MailVoice | null | undefined;
  transport: MailTransport;
  from: Mailbox;
  /** Where readers' messages are told (the site's newsroom address). */
  newsroom: string;
  /** The site's host (Message-IDs, List-Id) and name (List-Id). */
  host: string;
  listName: string;
  /** The words of a confirmation and of a newsroom note. */
  words: {
    confirmation(link: string, expiresAt: string): Promise<MailWords>;
    newsroom(message: StoredMessage): Promise<MailWords>;
  };
  confirmUrl(token: string): string;
  unsubscribeUrl(token: string): string;
  /** Where an edition's text puts the subscriber's unsubscribe URL. */
  unsubscribePlaceholder: string;
  /** Mails per second at most (0: as fast as the transport takes them). */
  rate: number;
  /** Whether this process sends editions (a web-only process sends confirmations and notes only). */
  editions: boolean;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  now?: () => Date;
  /** How often an idle sender looks for due mail another process queued. */
  pollMs?: number;
  /** Who claims, for the queue's leases; default host:pid:random. */
  owner?: string;
};

export type SendTally = { sent: number; failed: number; skipped: number; retried: number };

export type MailSender = {
  /** Sends due mail in the background until stop(). */
  start(): void;
  /** Something was queued: look now rather than at the next poll. */
  kick(): void;
  /** Sends everything due now, then resolves (the CLI and tests); not while start() runs. */
  drain(): Promise<SendTally>;
  stop(): Promise<void>;
  owner: string;
};

/** How long sent, failed and skipped mail (and its editions) stay in the store. */
export const KEEP_DAYS = 90;
const PRUNE_EVERY_MS = 3_600_000;
/** A claim lasts this long; a sender that dies holding one frees it then (or at once, see releaseDead). */
export const LEASE_MS = 60_000;
const POLL_MS = 15_000;
/** An edition copy not sent after this many tries, or this long after it was made, is given up. */
const EDITION_TRIES = 8;
const EDITION_HOURS = 20;

/** Wait before try `attempts + 1`: 30 s, 1, 2, 4 … minutes, at most an hour, ±20% (first retry within a minute). */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** At most `rate` starts per second, spread evenly (0: no limit). */
export function createThrottle(rate: number, now: () => number = () => performance.now()) {
  let next = 0;
  return async function take(): Promise<void> {
    if (rate <= 0) return;
    const t = now();
    const at = Math.max(t, next);
    next = at + 1000 / rate;
    if (at > t) await new Promise((resolve) => setTimeout(resolve, at - t).unref());
  };
}

/** Whether an owner names a process on this host that no longer runs (killed, or restarted with our pid). */
export function isDeadOwner(owner: string, self: string, alive: (pid: number) => boolean): boolean {
  const [host, pid] = owner.split(":");
  const [ownHost, ownPid] = self.split(":");
  if (host !== ownHost || !pid) return false;
  if (pid === ownPid) return owner !== self;
  return !alive(Number(pid));
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * The queue's sender: claims due mail in batches, writes each (the edition rendered once, with the
 * subscriber's own unsubscribe link), sends it with the commit before the final dot, and records
 * what came of it: sent, retried later with backoff (4xx, a server down), failed for good (5xx;
 * a refused address is marked and gets no more editions) or skipped (nobody to send it to).
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { store, transport, log } = options;
  const now = options.now ?? (() => new Date());
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const throttle = createThrottle(options.rate);
  const editions = new Map<string, Edition>();
  let running: Promise<void> | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;
  let kicked = false;

  async function edition(
    publication: string,
    id: number,
    rows: Pick<Store, "editions">,
  ): Promise<Edition | undefined> {
    const key = `${publication}\u0000${id}`;
    const cached = editions.get(key);
    if (cached) return cached;
    const found = await rows.editions.get(id);
    if (found) {
      // A few at most: each publication's edition of the day goes out in turn, by queue order.
      if (editions.size >= 8) editions.delete(editions.keys().next().value as string);
      editions.set(key, found);
    }
    return found;
  }

  /** The mail's MIME, or why it is not sent. */
  async function write(
    mail: ClaimedMail,
  ): Promise<{ raw: Buffer; to: string } | { skip: string } | { giveUp: string } | { later: string }> {
    const at = now();
    const voice = options.voiceOf ? options.voiceOf(mail.publication) : options;
    if (voice === null) return { later: `publication "${mail.publication}" cannot be read now` };
    if (!voice) return { skip: `publication "${mail.publication}" is no longer served` };
    // Its publication's messages, addresses and editions.
    const rows = store.publication ? store.publication(mail.publication) : store;
    // The id names the row and when it was queued: a row id the store reuses never names an old mail.
    const id = `${mail.id}.${Date.parse(mail.createdAt)}`;
    const base = { kind: mail.kind, id, from: voice.from, host: voice.host, date: at };
    const sub = mail.subscriber;
    if (mail.kind === "contact") {
      const message = mail.ref === null ? undefined : await rows.messages.get(mail.ref);
      if (!message) return { skip: "the message is no longer stored" };
      const words = await voice.words.newsroom(message);
      const replyTo = { name: message.name, address: message.email };
      return {
        to: voice.newsroom,
        raw: await composeMime({ ...base, ...words, to: voice.newsroom, replyTo }),
      };
    }
    if (mail.kind === "confirm") {
      if (!sub || sub.confirmed || !sub.token || !sub.expiresAt)
        return { skip: "the address is no longer waiting for confirmation" };
      if (sub.expiresAt <= at.toISOString()) return { skip: "the confirmation link has expired" };
      const words = await voice.words.confirmation(voice.confirmUrl(sub.token), sub.expiresAt);
      return { to: mail.recipient, raw: await composeMime({ ...base, ...words, to: mail.recipient }) };
    }
    if (!sub?.confirmed || !sub.unsubscribeToken) return { skip: "unsubscribed" };
    if (sub.bounced) return { skip: "the address was refused by its mail server" };
    const made = Date.parse(mail.createdAt);
    if (mail.attempts > EDITION_TRIES || at.getTime() - made > EDITION_HOURS * 3_600_000)
      return { giveUp: `given up after ${mail.attempts - 1} tries` };
    const e = mail.ref === null ? undefined : await edition(mail.publication, mail.ref, rows);
    if (!e) return { skip: "the edition is no longer stored" };
    const url = voice.unsubscribeUrl(sub.unsubscribeToken);
    const personal = (text: string) => text.replaceAll(options.unsubscribePlaceholder, url);
    return {
      to: mail.recipient,
      raw: await composeMime({
        ...base,
        subject: e.subject,
        html: personal(e.html),
        text: personal(e.text),
        to: mail.recipient,
        list: { unsubscribeUrl: url, name: voice.listName },
      }),
    };
  }

  async function record(mail: ClaimedMail, outcome: SendOutcome, tally: SendTally): Promise<void> {
    const where = { mail: mail.id, kind: mail.kind };
    switch (outcome.status) {
      case "sent":
        tally.sent++;
        return;
      case "taken":
        return;
      case "unknown":
        tally.sent++;
        log.warn(
          { ...where, err: outcome.error },
          "the mail server did not answer after the message; counted as sent",
        );
        return;
      case "temporary": {
        tally.retried++;
        const delay = retryDelayMs(mail.attempts);
        await store.mail.retry(mail.id, owner, new Date(now().getTime() + delay), outcome.error);
        log.warn(
          { ...where, err: outcome.error, retryInS: Math.round(delay / 1000) },
          "mail not sent; will try again",
        );
        return;
      }
      case "address":
        tally.failed++;
        await store.mail.finish(mail.id, owner, "failed", outcome.error);
        if (mail.kind !== "contact")
          await (store.publication ? store.publication(mail.publication) : store).subscribers.markBounced(
            mail.recipient,
            now(),
          );
        log.warn(
          { ...where, err: outcome.error },
          "the mail server refused the address for good; no more mail goes to it",
        );
        return;
      case "refused":
        tally.failed++;
        await store.mail.finish(mail.id, owner, "failed", outcome.error);
        log.error({ ...where, err: outcome.error }, "the mail server refused this mail for good");
        return;
    }
  }

  /**
   * Sends one mail. A failure on our side (the store, a template) halts the batch (`state`); a
   * commit that fails, or comes after the halt, writes nothing more: the store is not answering,
   * and the mail's claim lapses so that it is tried again.
   */
  async function one(mail: ClaimedMail, tally: SendTally, state: { halted: boolean }): Promise<void> {
    let commitFailed = false;
    try {
      const written = await write(mail);
      if ("skip" in written) {
        tally.skipped++;
        await store.mail.finish(mail.id, owner, "skipped", written.skip);
        return;
      }
      if ("later" in written) {
        tally.retried++;
        await store.mail.retry(mail.id, owner, new Date(now().getTime() + 3_600_000), written.later);
        return;
      }
      if ("giveUp" in written) {
        tally.failed++;
        await store.mail.finish(mail.id, owner, "failed", written.giveUp);
        return;
      }
      await throttle();
      const commit = async () => {
        try {
          if (state.halted) throw new Error("the store failed on an earlier mail");
          return await store.mail.markSent(mail.id, owner, now());
        } catch (error) {
          commitFailed = true;
          state.halted = true;
          throw error;
        }
      };
      const outcome = await transport.send(
        {
          id: mail.id,
          from: (options.voiceOf?.(mail.publication) ?? options).from.address,
          to: written.to,
          raw: written.raw,
          fileName: `${mail.kind}-${mail.id}.eml`,
        },
        commit,
      );
      // A transport may report the failed commit as a mail not sent (the final dot never went).
      if (commitFailed) throw new Error("the store could not record the mail as sent");
      await record(mail, outcome, tally);
    } catch (error) {
      // Our own failure (the store, a template): the mail is tried again later.
      state.halted = true;
      tally.retried++;
      log.error({ mail: mail.id, kind: mail.kind, err: String(error) }, "mail could not be sent");
      // A store that could not record the mail would not record its retry either.
      if (commitFailed) return;
      await store.mail
        .retry(mail.id, owner, new Date(now().getTime() + retryDelayMs(mail.attempts)), String(error))
        .catch(() => {});
    }
  }

  /**
   * Claims one batch and sends it; how many it claimed, and whether it stopped at a failure of
   * ours. It stops there: with the database locked by another process every store call waits out
   * the busy timeout with the event loop held (node:sqlite is synchronous), so going on through
   * the batch would keep the web process from answering readers for minutes. The mails left keep
   * their claim until it lapses.
   */
  async function batch(tally: SendTally): Promise<{ claimed: number; halted: boolean }> {
    // About ten seconds' worth at the rate, so a claim never outlives its lease.
    const size = options.rate > 0 ? Math.max(transport.concurrency, Math.min(50, options.rate * 10)) : 50;
    const claimed = await store.mail.claim(owner, size, {
      leaseMs: LEASE_MS,
      editions: options.editions,
      now: now(),
    });
    let next = 0;
    const state = { halted: false };
    const worker = async () => {
      while (next < claimed.length && !stopped && !state.halted) {
        await one(claimed[next++] as ClaimedMail, tally, state);
      }
    };
    await Promise.all(Array.from({ length: Math.min(transport.concurrency, claimed.length) }, worker));
    return { claimed: claimed.length, halted: state.halted };
  }

  /** A dead process's claims (killed mid-edition on this host) are freed now, not when they lapse. */
  async function releaseDead(): Promise<void> {
    const owners = await store.mail.claimants(now());
    const dead = owners.filter((o) => isDeadOwner(o, owner, pidAlive));
    if (dead.length) {
      await store.mail.release(dead);
      log.info({ owners: dead }, "mail claimed by a stopped process is sent again by this one");
    }
  }

  async function loop(): Promise<void> {
    await releaseDead().catch((error) =>
      log.warn({ err: String(error) }, "could not look for a stopped sender's mail"),
    );
    const tally: SendTally = { sent: 0, failed: 0, skipped: 0, retried: 0 };
    let prunedAt = 0;
    let failures = 0;
    while (!stopped) {
      let waitMs = options.pollMs ?? POLL_MS;
      if (now().getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now().getTime();
        // Every sender prunes (a web-only site has no edition process): an edition is 10,000 rows.
        await store.mail
          .prune(new Date(prunedAt - KEEP_DAYS * 86_400_000))
          .catch((error) => log.warn({ err: String(error) }, "old mail could not be pruned"));
      }
      try {
        kicked = false;
        const { claimed, halted } = await batch(tally);
        if (halted) throw new Error("a mail failed on our side");
        failures = 0;
        if (claimed > 0) continue;
        const due = await store.mail.nextDue({ editions: options.editions });
        if (due) waitMs = Math.max(0, Math.min(waitMs, Date.parse(due) - now().getTime()));
      } catch (error) {
        // 1, 2, 4 … seconds, then the poll interval: time for the store to come back, and for
        // the process to answer readers meanwhile.
        waitMs = Math.min(waitMs, 1000 * 2 ** failures++);
        log.warn({ err: String(error), retryInMs: waitMs }, "mail queue unavailable; trying again");
      }
      if (stopped || kicked) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    owner,
    start() {
      stopped = false;
      running ??= loop();
    },
    kick() {
      kicked = true;
      wake?.();
    },
    async drain() {
      await releaseDead();
      const tally: SendTally = { sent: 0, failed: 0, skipped: 0, retried: 0 };
      for (;;) {
        const { claimed, halted } = await batch(tally);
        if (stopped || halted || claimed === 0) return tally;
      }
    },
    async stop() {
      stopped = true;
      wake?.();
      await running;
      running = undefined;
      // What this process claimed and did not send is free for the next sender at once.
      await store.mail.release([owner]).catch(() => {});
    },
  };
}
