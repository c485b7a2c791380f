import { type ClientRequest, request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { pipeline } from "node:stream";
import { type Request, type RequestHandler, type Response, Router } from "express";
import type { Config } from "../config.server.ts";
import { logger } from "../logger.server.ts";
import { IcyMetadataStripper, parseMetaInt } from "./icy.server.ts";

/** Where the radio page's audio element listens (spec section 7). */
export const STREAM_PATH = "/api/stream";

export const FIRST_BYTE_TIMEOUT_MS = 5000;
export const IDLE_TIMEOUT_MS = 30_000;

export type RadioOptions = {
  /** The station's stream; `{port}` is replaced by the listener's port. Absent: no radio. */
  streamUrl?: string;
  /** The only ports relayed, so the proxy can only ever reach the configured station. */
  allowedPorts: readonly number[];
  maxListeners: number;
  /** How long the station may stay silent before its first audio byte (spec: 5 s). */
  firstByteTimeoutMs?: number;
  /** How long a running stream may stall before we hang up and free the listener's place. */
  idleTimeoutMs?: number;
  log?: Pick<typeof logger, "warn" | "info">;
};

/** The answers a listener can get instead of audio, in words a person can act on. */
export const MESSAGES = {
  missingPort: (allowed: readonly number[]) => `Missing stream port: ask for ?port=${allowed[0]}.`,
  badPort: (got: string, allowed: readonly number[]) =>
    `Port ${JSON.stringify(got)} is not a radio stream port. Allowed: ${allowed.join(", ")}.`,
  notConfigured: "The radio stream is not configured on this server.",
  full: "Too many listeners right now. Please try again in a minute.",
  unreachable: "The radio station cannot be reached right now.",
  silent: (ms: number) => `The radio station did not start sending audio within ${ms / 1000} s.`,
  status: (code: number) => `The radio station answered HTTP ${code} instead of audio.`,
  notAudio: (type: string) => `The radio station sent ${type} instead of audio.`,
  ended: "The radio station closed the stream before sending audio.",
} as const;

const AUDIO_TYPE = /^(audio\/[\w.+-]+|application\/ogg)\s*(;.*)?$/i;
const ICY_HEADER = /^icy-/i;

export type StreamHandler = RequestHandler & {
  /** Listeners connected or connecting right now. */
  listeners(): number;
};

/**
 * `GET /api/stream?port=N`: relays the station's audio to one listener. Only allowed ports are
 * relayed, to the one configured host. Bytes pass through as they arrive, paced by the listener
 * (pipeline backpressure), and the upstream connection closes the moment the listener leaves.
 * Headers are sent only once audio flows, so a dead station is a clear 502 and never a hung player.
 */
export function createStreamHandler(options: RadioOptions): StreamHandler {
  const allowed = new Set(options.allowedPorts);
  const firstByteMs = options.firstByteTimeoutMs ?? FIRST_BYTE_TIMEOUT_MS;
  const idleMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const log = options.log ?? logger;
  let listeners = 0;

  const handler = (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const raw = req.query.port;
    if (raw === undefined) return fail(res, 400, MESSAGES.missingPort(options.allowedPorts));
    const text = typeof raw === "string" ? raw : String(raw);
    const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
    if (!allowed.has(port)) return fail(res, 400, MESSAGES.badPort(text, options.allowedPorts));
    if (!options.streamUrl) return fail(res, 503, MESSAGES.notConfigured);
    if (listeners >= options.maxListeners) {
      res.setHeader("Retry-After", "60");
      return fail(res, 503, MESSAGES.full);
    }

    listeners++;
    let released = false;
    const target = new URL(options.streamUrl.replaceAll("{port}", String(port)));
    // Logged without credentials or query, which may carry a station password.
    const where = `${target.protocol}//${target.host}${target.pathname}`;
    const wantsIcy = req.get("icy-metadata") === "1";
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    // agent: false gives each listener its own connection, closed (never pooled) when they leave.
    const upstream: ClientRequest = send(target, {
      method: "GET",
      agent: false,
      headers: {
        accept: "audio/*, application/ogg;q=0.9, */*;q=0.1",
        "user-agent": "ElectricLedger-RadioRelay/1.0",
        ...(wantsIcy ? { "icy-metadata": "1" } : {}),
      },
    });

    const unavailable = (reason: string, message: string) => {
      clearTimeout(firstByteTimer);
      upstream.destroy();
      // Our own hang-up after the listener left is not the station's failure.
      if (released) return;
      if (res.headersSent) {
        log.warn({ upstream: where, reason }, "radio stream dropped");
        res.destroy();
        return;
      }
      log.warn({ upstream: where, reason }, "radio stream unavailable");
      fail(res, 502, message);
    };

    const firstByteTimer = setTimeout(
      () => unavailable("first-byte-timeout", MESSAGES.silent(firstByteMs)),
      firstByteMs,
    );

    res.on("close", () => {
      // The listener left (or the answer is complete): hang up on the station now.
      clearTimeout(firstByteTimer);
      upstream.destroy();
      if (!released) {
        released = true;
        listeners--;
      }
    });

    upstream.on("error", (error: NodeJS.ErrnoException) => {
      unavailable(error.code ?? error.message, MESSAGES.unreachable);
    });

    upstream.on("response", (audio: IncomingMessage) => {
      // Too late: the listener left or already has its answer (a timeout).
      if (released || res.headersSent) return void audio.destroy();
      const status = audio.statusCode ?? 0;
      if (status < 200 || status > 299) return unavailable(`status ${status}`, MESSAGES.status(status));
      const type = audio.headers["content-type"] ?? "audio/mpeg";
      if (!AUDIO_TYPE.test(type)) return unavailable(`content-type ${type}`, MESSAGES.notAudio(type));

      const headers: Record<string, string> = {
        "Content-Type": type,
        "Cache-Control": "no-store",
        // Tells buffering reverse proxies (nginx) in front of us to pass the audio on at once.
        "X-Accel-Buffering": "no",
      };
      const metaInt = parseMetaInt(audio.headers["icy-metaint"]);
      if (wantsIcy) {
        for (const [name, value] of Object.entries(audio.headers)) {
          if (ICY_HEADER.test(name) && typeof value === "string") headers[name] = value;
        }
      }

      if (req.method === "HEAD") {
        clearTimeout(firstByteTimer);
        res.writeHead(200, headers).end();
        return;
      }

      audio.once("readable", () => {
        clearTimeout(firstByteTimer);
        if (released || res.headersSent) return void audio.destroy();
        if (audio.readableLength === 0) return unavailable("ended before audio", MESSAGES.ended);
        upstream.setTimeout(idleMs, () => upstream.destroy(new Error("idle")));
        res.writeHead(200, headers);
        res.flushHeaders();
        const done = (error: Error | null | undefined) => {
          if (error && !res.destroyed) res.destroy();
          upstream.destroy();
        };
        // Stations send metadata only when asked; strip it anyway if one sends it unasked.
        if (metaInt && !wantsIcy) pipeline(audio, new IcyMetadataStripper(metaInt), res, done);
        else pipeline(audio, res, done);
      });
    });

    upstream.end();
  };

  return Object.assign(handler, { listeners: () => listeners });
}

function fail(res: Response, status: number, message: string) {
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

/** The radio routes, mounted before compression: audio must reach the listener unbuffered. */
export function createRadioRouter(
  config: Pick<Config, "RADIO_STREAM_URL" | "RADIO_ALLOWED_PORTS" | "RADIO_MAX_LISTENERS">,
  overrides: Partial<RadioOptions> = {},
): Router {
  const router = Router();
  const stream = createStreamHandler({
    streamUrl: config.RADIO_STREAM_URL,
    allowedPorts: config.RADIO_ALLOWED_PORTS,
    maxListeners: config.RADIO_MAX_LISTENERS,
    ...overrides,
  });
  router.get(STREAM_PATH, stream);
  router.all(STREAM_PATH, (_req, res) => {
    res.setHeader("Allow", "GET, HEAD");
    fail(res, 405, "Only GET and HEAD are supported.");
  });
  return router;
}
