import { Readable } from "node:stream";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { redactUrl } from "#server/store/open.server.ts";
import type { MailTransport, OutgoingMail, SendOutcome } from "./mail-transport.ts";

/** Connections kept open to the mail server (nodemailer's pool default). */
export const SMTP_CONNECTIONS = 5;
/** An idle connection is closed before a server would drop it under us. */
const IDLE_MS = 20_000;

export type SmtpSettings = {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
  connections: number;
};

/**
 * SMTP_URL: smtp://[user:pass@]host[:port] (STARTTLS when offered, port 587) or
 * smtps://[user:pass@]host[:port] (TLS, port 465); `?pool=N` sets the connections (1–50).
 * Throws a one-line Error naming what is wrong (never the password).
 */
export function parseSmtpUrl(url: string): SmtpSettings {
  const u = URL.parse(url);
  if (!u || (u.protocol !== "smtp:" && u.protocol !== "smtps:") || u.hostname === "")
    throw new Error("must be smtp://[user:password@]host[:port] or smtps://…");
  // A password with "/" or "@" not percent-encoded would read as a path (and show in logs).
  if (u.pathname !== "" && u.pathname !== "/")
    throw new Error("must have no path: percent-encode a / or @ in the user or password");
  const secure = u.protocol === "smtps:";
  const port = u.port ? Number(u.port) : secure ? 465 : 587;
  const poolText = u.searchParams.get("pool");
  const connections = poolText === null ? SMTP_CONNECTIONS : Number(poolText);
  if (!Number.isInteger(connections) || connections < 1 || connections > 50)
    throw new Error("pool= must be a whole number from 1 to 50");
  const user = decodeURIComponent(u.username);
  return {
    host: u.hostname.replace(/^\[|\]$/g, ""),
    port,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(u.password) } } : {}),
    connections,
  };
}

type SmtpError = Error & { code?: string; responseCode?: number; command?: string };

/** How to treat a failed send, from what the server or the socket said. */
export function classifySmtpError(
  error: SmtpError,
  committed: boolean,
  handedOver: boolean,
): Exclude<SendOutcome, { status: "sent" | "taken" }> {
  const code = error.responseCode;
  const text = `${error.command ? `${error.command}: ` : ""}${error.message}`.slice(0, 300);
  // The whole message and its final dot went out and nothing came back: the server may have it.
  if (committed && handedOver && code === undefined) return { status: "unknown", error: text };
  if (code !== undefined && code >= 500 && code < 600 && error.code !== "EAUTH") {
    const forAddress = /RCPT/i.test(error.command ?? "");
    return { status: forAddress ? "address" : "refused", error: text, committed };
  }
  // 4xx, a refused login (our configuration, not the mail), a socket or timeout: try again later.
  return { status: "temporary", error: text, committed };
}

class TakenError extends Error {
  override name = "TakenError";
}

/** What nodemailer keeps of a connection's socket and its DATA stream (internals, read only). */
type Internals = {
  _socket?: { writableLength: number } | false | null;
  _currentDataStream?: { readableLength: number } | false;
};

/**
 * Resolves once the message's bytes have left this process for the kernel (which delivers them
 * even if we are killed): no part of the body still waits in a stream buffer. Committing before
 * that would let a kill lose a mail already marked sent (the server never gets its end).
 */
async function handedToKernel(smtp: SMTPConnection): Promise<void> {
  const c = smtp as unknown as Internals;
  for (let i = 0; i < 10_000; i++) {
    const socket = c._socket;
    const data = c._currentDataStream;
    if ((!socket || socket.writableLength === 0) && (!data || data.readableLength === 0)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The message as a stream whose end waits for `commit`: the connection writes the final dot (and
 * the server may accept the mail) only once the body has left the process and the store says this
 * mail is ours and sent.
 */
function gatedMessage(
  raw: Buffer,
  flushed: () => Promise<void>,
  commit: () => Promise<boolean>,
  state: GateState,
) {
  let step = 0;
  const stream = new Readable({
    read() {
      if (step === 0) {
        step = 1;
        this.push(raw);
        return;
      }
      if (step !== 1) return;
      step = 2;
      state.gate = flushed()
        // The connection failed meanwhile: nothing is committed, the mail stays queued.
        .then(() => {
          if (state.failed) return false;
          state.commitStarted = true;
          return commit();
        })
        .then(
          (ours) => {
            if (ours) state.committed = true;
            if (!ours) return void stream.destroy(new TakenError("another sender sent this mail"));
            // Committed, but the DATA can no longer end (the socket broke): the caller undoes the mark.
            if (state.failed || stream.destroyed) return;
            state.handedOver = true;
            stream.push(null);
          },
          (error: unknown) => void stream.destroy(error as Error),
        );
    },
  });
  return stream;
}

/** Where one send's gate got to, for what its outcome says. */
type GateState = {
  commitStarted: boolean;
  committed: boolean;
  handedOver: boolean;
  /** The connection reported an error: the gate must not commit any more. */
  failed: boolean;
  gate?: Promise<void>;
};

type Connection = { smtp: SMTPConnection; messages: number; idle?: NodeJS.Timeout; closed: boolean };

/** A pool of nodemailer SMTP connections that sends with the commit before the final dot. */
export function openSmtpPool(url: string): MailTransport {
  const settings = parseSmtpUrl(url);
  const idle: Connection[] = [];
  const waiting: Array<(c: Connection | Error) => void> = [];
  let open = 0;
  let closing = false;

  function connect(): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const smtp = new SMTPConnection({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 60_000,
      });
      const c: Connection = { smtp, messages: 0, closed: false };
      let settled = false;
      const fail = (error: Error) => {
        c.closed = true;
        if (!settled) {
          settled = true;
          reject(error);
        }
      };
      smtp.on("error", fail);
      smtp.on("end", () => {
        c.closed = true;
        const i = idle.indexOf(c);
        if (i >= 0) {
          idle.splice(i, 1);
          clearTimeout(c.idle);
          open--;
        }
      });
      smtp.connect((error) => {
        if (error) return fail(error);
        if (!settings.auth) {
          settled = true;
          return resolve(c);
        }
        smtp.login(settings.auth, (loginError) => {
          if (loginError) {
            smtp.close();
            return fail(loginError);
          }
          settled = true;
          resolve(c);
        });
      });
    });
  }

  async function acquire(): Promise<Connection> {
    for (;;) {
      const c = idle.pop();
      if (!c) break;
      clearTimeout(c.idle);
      if (!c.closed) return c;
      open--;
    }
    if (open < settings.connections) {
      open++;
      try {
        return await connect();
      } catch (error) {
        open--;
        throw error;
      }
    }
    const next = await new Promise<Connection | Error>((resolve) => waiting.push(resolve));
    if (next instanceof Error) throw next;
    return next;
  }

  function release(c: Connection, healthy: boolean): void {
    if (!healthy || c.closed || closing) {
      c.closed = true;
      c.smtp.close();
      open--;
      // A waiter gets a fresh connection of its own.
      const waiter = waiting.shift();
      if (waiter) {
        open++;
        connect().then(waiter, (error: Error) => {
          open--;
          waiter(error);
        });
      }
      return;
    }
    const waiter = waiting.shift();
    if (waiter) {
      waiter(c);
      return;
    }
    c.idle = setTimeout(() => {
      const i = idle.indexOf(c);
      if (i >= 0) idle.splice(i, 1);
      c.closed = true;
      c.smtp.quit();
      open--;
    }, IDLE_MS);
    c.idle.unref();
    idle.push(c);
  }

  function sendOn(
    c: Connection,
    mail: OutgoingMail,
    commit: () => Promise<boolean>,
  ): Promise<{ outcome: SendOutcome; commitStarted: boolean }> {
    const state: GateState = { commitStarted: false, committed: false, handedOver: false, failed: false };
    const message = gatedMessage(mail.raw, () => handedToKernel(c.smtp), commit, state);
    return new Promise((resolve) => {
      c.smtp.send({ from: mail.from, to: [mail.to] }, message, (error) => {
        c.messages++;
        if (!error) {
          release(c, true);
          return resolve({ outcome: { status: "sent" }, commitStarted: true });
        }
        state.failed = true;
        // After a failure the connection is not trusted again (a refusal's RSET could hang on a dead
        // socket and hold its place in the pool): a fresh one is cheap.
        release(c, false);
        const e = error as SmtpError;
        // A commit under way decides what the failure means: wait for it.
        void (state.gate ?? Promise.resolve()).then(() => {
          const taken = e.code === "ESTREAM" && e.message.includes("another sender");
          const outcome: SendOutcome = taken
            ? { status: "taken" }
            : classifySmtpError(e, state.committed, state.handedOver);
          resolve({ outcome, commitStarted: state.commitStarted });
        });
      });
    });
  }

  return {
    kind: "smtp",
    describe: `mail goes through ${redactUrl(url)} (${settings.connections} connections)`,
    concurrency: settings.connections,
    async send(mail, commit) {
      let c: Connection;
      try {
        c = await acquire();
      } catch (error) {
        return classifySmtpError(error as SmtpError, false, false);
      }
      const reused = c.messages > 0;
      const first = await sendOn(c, mail, commit);
      // A kept connection the server had closed in the meantime: no commit was even tried, so a
      // fresh connection may send it at once.
      if (reused && first.outcome.status === "temporary" && !first.commitStarted) {
        try {
          return (await sendOn(await acquire(), mail, commit)).outcome;
        } catch (error) {
          return classifySmtpError(error as SmtpError, false, false);
        }
      }
      return first.outcome;
    },
    async close() {
      closing = true;
      for (const w of waiting.splice(0)) w(new Error("the mail transport is closing"));
      for (const c of idle.splice(0)) {
        clearTimeout(c.idle);
        c.closed = true;
        c.smtp.quit();
      }
    },
  };
}
