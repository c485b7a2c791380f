/**
 * A local SMTP sink for the mail benchmark (bench/mail.ts): no auth, no TLS, accepts every mail,
 * keeps nothing but counts. A mail counts only once its DATA ended with the final dot; a client
 * that drops the connection mid-DATA delivered nothing (a real MTA discards the partial message).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SinkCounts = {
  /** Completed DATA transactions × recipients. */
  deliveries: number;
  byRecipient: Record<string, number>;
  byMessageId: Record<string, number>;
  /** DATA streams that ended without the final dot (the client went away). */
  aborted: number;
  /** performance.timeOrigin-based ms of the first and last delivery (0 before any). */
  firstAt: number;
  lastAt: number;
};

export type SmtpSink = {
  port: number;
  counts(): SinkCounts;
  /** `listener` runs (once) when deliveries reach `at`. */
  onDeliveries(at: number, listener: () => void): void;
  /** `listener` runs (once) when the `at`-th DATA begins (its body not received yet). */
  onDataStarts(at: number, listener: () => void): void;
  close(): Promise<void>;
};

const HEADER_LIMIT = 64 * 1024;

function messageIdOf(head: string): string | undefined {
  const end = head.indexOf("\r\n\r\n");
  const headers = (end >= 0 ? head.slice(0, end) : head).replace(/\r\n[ \t]+/g, " ");
  return /^message-id:\s*(\S+)/im.exec(headers)?.[1];
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const byRecipient = new Map<string, number>();
  const byMessageId = new Map<string, number>();
  let deliveries = 0;
  let aborted = 0;
  let firstAt = 0;
  let lastAt = 0;
  let dataStarts = 0;
  const watches: Array<{ at: number; listener: () => void }> = [];
  const startWatches: Array<{ at: number; listener: () => void }> = [];
  const tell = (list: typeof watches, count: number) => {
    for (let i = list.length - 1; i >= 0; i--) {
      const w = list[i] as (typeof list)[number];
      if (count >= w.at) {
        list.splice(i, 1);
        w.listener();
      }
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    banner: "bench sink",
    onData(stream, session, callback) {
      dataStarts++;
      tell(startWatches, dataStarts);
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < HEADER_LIMIT) head += chunk.toString("latin1");
      });
      // Destroyed on a dropped connection: 'end' never comes, nothing is counted.
      stream.on("error", () => {
        aborted++;
        callback(new Error("connection closed mid-DATA"));
      });
      stream.on("end", () => {
        const now = performance.now();
        firstAt ||= now;
        lastAt = now;
        const id = messageIdOf(head) ?? "(none)";
        byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
        for (const rcpt of session.envelope.rcptTo) {
          const address = rcpt.address.toLowerCase();
          byRecipient.set(address, (byRecipient.get(address) ?? 0) + 1);
          deliveries++;
        }
        tell(watches, deliveries);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  server.on("error", () => {});
  return {
    port: (server.server.address() as AddressInfo).port,
    counts: () => ({
      deliveries,
      byRecipient: Object.fromEntries(byRecipient),
      byMessageId: Object.fromEntries(byMessageId),
      aborted,
      firstAt,
      lastAt,
    }),
    onDeliveries(at, listener) {
      if (deliveries >= at) listener();
      else watches.push({ at, listener });
    },
    onDataStarts(at, listener) {
      if (dataStarts >= at) listener();
      else startWatches.push({ at, listener });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
