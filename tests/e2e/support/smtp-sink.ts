/**
 * A real SMTP server for the browser tests: the e2e app sends its mail here (SMTP_URL), and the
 * tests read what arrived over HTTP. `node tests/e2e/support/smtp-sink.ts`
 *
 *   SMTP on 127.0.0.1:SMTP_SINK_PORT, no login, no TLS
 *   GET http://127.0.0.1:SMTP_SINK_HTTP_PORT/messages?to=<address>   what that address received, oldest first
 *   GET /healthz
 *
 * A message is answered 250 only once it is parsed and kept: when the sender's SMTP transaction
 * ends, a test finds the message here.
 */
import { createServer } from "node:http";
import type { AddressObject } from "mailparser";
import { type Received, startSmtpSink } from "#server/mail/testing/smtp-sink.ts";

const SMTP_SINK_PORT = Number(process.env.SMTP_SINK_PORT ?? 4325);
const SMTP_SINK_HTTP_PORT = Number(process.env.SMTP_SINK_HTTP_PORT ?? SMTP_SINK_PORT + 1);

type Address = { address: string; name: string };

/** One received message as the tests see it (mailparser's reading of it). */
export type SinkMessage = {
  /** The SMTP envelope's recipients (lower case). */
  envelopeTo: string[];
  from: Address[];
  to: Address[];
  replyTo: Address[];
  subject: string;
  /** Every header as sent, its name in lower case (unfolded; a repeated header's values joined by "\n"). */
  headers: Record<string, string>;
  html: string;
  text: string;
};

const addresses = (field: AddressObject | AddressObject[] | undefined): Address[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.map((a) => ({ address: a.address ?? "", name: a.name })),
  );

function asSinkMessage({ to, parsed: mail }: Received): SinkMessage {
  const headers: Record<string, string> = {};
  for (const { key, line } of mail.headerLines) {
    const value = line
      .slice(line.indexOf(":") + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
    headers[key] = key in headers ? `${headers[key]}\n${value}` : value;
  }
  return {
    envelopeTo: to.map((a) => a.toLowerCase()),
    from: addresses(mail.from),
    to: addresses(mail.to),
    replyTo: addresses(mail.replyTo),
    subject: mail.subject ?? "",
    headers,
    html: typeof mail.html === "string" ? mail.html : "",
    text: mail.text ?? "",
  };
}

async function main() {
  // The unit tests' sink (a real smtp-server): it answers 250 once a message is parsed and kept.
  const sink = await startSmtpSink(SMTP_SINK_PORT);
  createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sink");
    if (url.pathname === "/healthz") {
      res.end("ok");
      return;
    }
    if (url.pathname === "/messages") {
      const to = (url.searchParams.get("to") ?? "").toLowerCase();
      const list = sink.received.filter((m) => m.to.some((a) => a.toLowerCase() === to)).map(asSinkMessage);
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(list));
      return;
    }
    res.statusCode = 404;
    res.end("not found");
  }).listen(SMTP_SINK_HTTP_PORT, "127.0.0.1");
}

await main();
