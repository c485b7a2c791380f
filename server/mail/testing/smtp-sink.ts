import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail the sink accepted: the envelope and the parsed message. */
export type Received = { from: string; to: string[]; raw: Buffer; parsed: ParsedMail };

/** How the sink answers: per recipient at RCPT, or for the message after its final dot. */
export type SinkRules = {
  /** A reply code and text for a recipient (e.g. 550 for a refused address); undefined accepts. */
  rcpt?: (address: string) => { code: number; text: string } | undefined;
  /** A reply code and text for a whole message after DATA; undefined accepts. */
  data?: (to: string[]) => { code: number; text: string } | undefined;
};

export type SmtpSink = {
  url: string;
  port: number;
  received: Received[];
  /** The messages received for an address. */
  to(address: string): Received[];
  rules: SinkRules;
  /** Stops listening (the port is free: a later start() on it is the server coming back). */
  stop(): Promise<void>;
  start(): Promise<void>;
};

function refusal(reply: { code: number; text: string }): Error {
  return Object.assign(new Error(reply.text), { responseCode: reply.code });
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) for tests: it accepts without login,
 * keeps what it accepts, and refuses what the rules say. A message counts only once its DATA
 * ended with the final dot: smtp-server destroys the stream of a connection dropped before it.
 */
export async function startSmtpSink(port = 0, rules: SinkRules = {}): Promise<SmtpSink> {
  const received: Received[] = [];
  let server: SMTPServer | undefined;
  let boundPort = port;
  const sink: SmtpSink = {
    url: "",
    port: 0,
    received,
    rules,
    to: (address) => received.filter((r) => r.to.includes(address)),
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        // A stopped sink drops its connections at once (the mail server going down).
        closeTimeout: 50,
        // Far above any mail of ours; a runaway test should not fill the memory.
        size: 5 * 1024 * 1024,
        onRcptTo(address, _session, callback) {
          const reply = sink.rules.rcpt?.(address.address);
          callback(reply ? refusal(reply) : undefined);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", () => {});
          stream.on("end", async () => {
            const to = session.envelope.rcptTo.map((r) => r.address);
            const reply = sink.rules.data?.(to);
            if (reply) return callback(refusal(reply));
            const raw = Buffer.concat(chunks);
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
            received.push({ from, to, raw, parsed: await simpleParser(raw) });
            callback();
          });
        },
      });
      server.on("error", () => {});
      const s = server;
      await new Promise<void>((resolve) => s.listen(boundPort, "127.0.0.1", () => resolve()));
      boundPort = (s.server.address() as AddressInfo).port;
      sink.port = boundPort;
      sink.url = `smtp://127.0.0.1:${boundPort}`;
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  await sink.start();
  return sink;
}
