import type { ClientRequest, IncomingMessage } from "node:http";
import { audioHeaders, upstreamRequest } from "./stream.server.ts";

/**
 * What the radio page can say before anyone presses Play: the relay has a station to relay and it
 * answers with audio ("on-air"), no station is configured, or the configured one cannot be reached
 * (no connection, no answer in time, an error status, or something other than audio).
 */
export type RadioStatus = "on-air" | "not-configured" | "unreachable";

export type RadioStatusReader = {
  /** The station's state for a stream port; waits on the station only for a port never checked. */
  status(port: number): Promise<RadioStatus>;
};

/** How long a check's answer is used as it is; after that it is used while a new check runs. */
export const STATUS_FRESH_MS = 30_000;
/** How long a check waits for the station's answer (headers) before it says it cannot be reached. */
export const STATUS_TIMEOUT_MS = 1500;

type Entry = { status: RadioStatus; checkedAt: number; pending?: Promise<RadioStatus> };

/**
 * The station's state as the relay would find it: one GET to the same upstream address the relay
 * uses, let go as soon as its headers arrive. One check at a time per port, and only the relayed
 * ports are checked, so the cache has at most one entry per allowed port. A page view waits on the
 * station only the first time; later ones read the last answer (renewed in the background once it
 * is older than `freshMs`).
 */
export function createRadioStatus(options: {
  streamUrl?: string;
  allowedPorts: readonly number[];
  timeoutMs?: number;
  freshMs?: number;
  now?: () => number;
}): RadioStatusReader {
  const timeoutMs = options.timeoutMs ?? STATUS_TIMEOUT_MS;
  const freshMs = options.freshMs ?? STATUS_FRESH_MS;
  // A monotonic clock: a system clock set back would otherwise keep an old answer for as long.
  const now = options.now ?? (() => performance.now());
  const allowed = new Set(options.allowedPorts);
  const entries = new Map<number, Entry>();

  const check = (port: number): Promise<RadioStatus> => {
    const streamUrl = options.streamUrl;
    if (!streamUrl) return Promise.resolve("not-configured");
    return new Promise<RadioStatus>((resolve) => {
      let request: ClientRequest;
      const done = (status: RadioStatus) => {
        clearTimeout(timer);
        request.destroy();
        resolve(status);
      };
      const timer = setTimeout(() => done("unreachable"), timeoutMs);
      try {
        request = upstreamRequest(new URL(streamUrl.replaceAll("{port}", String(port))), false);
      } catch {
        clearTimeout(timer);
        return resolve("unreachable");
      }
      request.on("error", () => done("unreachable"));
      request.on("response", (answer: IncomingMessage) => {
        answer.destroy();
        done("headers" in audioHeaders(answer) ? "on-air" : "unreachable");
      });
      request.end();
    });
  };

  const renew = (port: number, entry?: Entry): Promise<RadioStatus> => {
    if (entry?.pending) return entry.pending;
    const pending = check(port).then((status) => {
      entries.set(port, { status, checkedAt: now() });
      return status;
    });
    entries.set(port, { ...(entry ?? { status: "unreachable", checkedAt: 0 }), pending });
    return pending;
  };

  return {
    async status(port) {
      if (!options.streamUrl) return "not-configured";
      // The relay refuses any other port: so does the page, without asking the station.
      if (!allowed.has(port)) return "unreachable";
      const entry = entries.get(port);
      if (!entry || entry.checkedAt === 0) return renew(port, entry);
      if (now() - entry.checkedAt >= freshMs) void renew(port, entry);
      return entry.status;
    },
  };
}
