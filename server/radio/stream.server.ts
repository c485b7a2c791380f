import { type ClientRequest, request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { type Request, type RequestHandler, type Response, Router } from "express";
import type { Config } from "#server/config.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { logger } from "#server/logger.server.ts";
import { IcyFramer, IcyMetadataStripper, parseMetaInt } from "./icy.server.ts";

/** Where the radio page's audio element listens (spec section 7). */
export const STREAM_PATH = "/api/stream";

export const FIRST_BYTE_TIMEOUT_MS = 5000;
export const IDLE_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_PER_CLIENT = 3;
/** About a minute of 128 kbit/s audio. */
export const DEFAULT_MAX_LAG_BYTES = 1024 * 1024;

export type RadioOptions = {
  /** The station's stream; `{port}` is replaced by the listener's port. Absent: no radio. */
  streamUrl?: string;
  /** The only ports relayed, so the proxy can only ever reach the configured station. */
  allowedPorts: readonly number[];
  maxListeners: number;
  /** Places one client (address) may hold at once; beyond it 429. */
  maxPerClient?: number;
  /** Bytes that may wait for a listener who stopped reading before they are let go. */
  maxLagBytes?: number;
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
  perClient: (max: number) =>
    `This address already has ${max} radio streams open. Close one, or try again in a minute.`,
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

/** Audio kept for a listener who joins a running stream, so the player can start at once. */
const JOIN_BURST_BYTES = 64 * 1024;

/**
 * One upstream connection for a port and metadata mode, its audio fanned out to every listener
 * of that port who asked for the same (plain audio, or audio with ICY metadata).
 */
type Channel = {
  members: Set<Response>;
  /** Set once audio flows: what each listener's answer starts with. */
  headers?: Record<string, string>;
  recent: Buffer[];
  recentBytes: number;
  /** The station's metadata interval, when listeners get ICY metadata (each framed for them). */
  metaInt?: number;
  /** The latest metadata block from the station. */
  metadata?: Buffer;
  framers: Map<Response, IcyFramer>;
  closed: boolean;
  /** Follows a new listener's draining, for backpressure and for dropping a stalled listener. */
  watch(res: Response): void;
  /** Hangs up on the station (the last listener left). */
  close(): void;
};

/** A request to the station, as the relay and the page's status check make it. */
export function upstreamRequest(target: URL, wantsIcy: boolean): ClientRequest {
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  // agent: false gives the relay its own connection, closed (never pooled) when it ends.
  return send(target, {
    method: "GET",
    agent: false,
    headers: {
      accept: "audio/*, application/ogg;q=0.9, */*;q=0.1",
      "user-agent": "ElectricLedger-RadioRelay/1.0",
      ...(wantsIcy ? { "icy-metadata": "1" } : {}),
    },
  });
}

/** The headers a listener's answer carries, or why the station's answer is not audio. */
export function audioHeaders(
  audio: IncomingMessage,
): { headers: Record<string, string> } | { reason: string; message: string } {
  const status = audio.statusCode ?? 0;
  if (status < 200 || status > 299) return { reason: `status ${status}`, message: MESSAGES.status(status) };
  const type = audio.headers["content-type"] ?? "audio/mpeg";
  if (!AUDIO_TYPE.test(type)) return { reason: `content-type ${type}`, message: MESSAGES.notAudio(type) };
  return {
    headers: {
      "Content-Type": type,
      "Cache-Control": CACHE.none,
      // Tells buffering reverse proxies (nginx) in front of us to pass the audio on at once.
      "X-Accel-Buffering": "no",
    },
  };
}

/**
 * `GET /api/stream?port=N`: relays the station's audio. Only allowed ports are relayed, to the one
 * configured host. The listeners of a port share one upstream connection (fan-out), one for
 * plain audio and one for listeners asking for ICY metadata (each gets the metadata framed from
 * their own first byte); it closes when the last listener leaves. A HEAD is answered from the
 * shared connection's headers (opening it only when none is running). A listener who stops
 * reading is dropped once `maxLagBytes` wait for them, so a paused player neither holds a place
 * nor buffers the stream. One client may hold `maxPerClient` places (429 beyond). Headers are
 * sent only once audio flows, so a dead station is a clear 502 and never a hung player.
 */
export function createStreamHandler(options: RadioOptions): StreamHandler {
  const allowed = new Set(options.allowedPorts);
  const firstByteMs = options.firstByteTimeoutMs ?? FIRST_BYTE_TIMEOUT_MS;
  const idleMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const maxPerClient = options.maxPerClient ?? DEFAULT_MAX_PER_CLIENT;
  const maxLagBytes = options.maxLagBytes ?? DEFAULT_MAX_LAG_BYTES;
  const log = options.log ?? logger;
  let listeners = 0;
  const perClient = new Map<string, number>();
  const channels = new Map<string, Channel>();

  /** Takes a place for the listener until their answer closes; false when none is free. */
  const admit = (req: Request, res: Response): boolean => {
    const client = req.ip ?? req.socket.remoteAddress ?? "";
    if ((perClient.get(client) ?? 0) >= maxPerClient) {
      res.setHeader("Retry-After", "60");
      fail(res, 429, MESSAGES.perClient(maxPerClient));
      return false;
    }
    if (listeners >= options.maxListeners) {
      res.setHeader("Retry-After", "60");
      fail(res, 503, MESSAGES.full);
      return false;
    }
    listeners++;
    perClient.set(client, (perClient.get(client) ?? 0) + 1);
    res.once("close", () => {
      listeners--;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
    return true;
  };

  const where = (target: URL) => `${target.protocol}//${target.host}${target.pathname}`;

  const openChannel = (key: string, target: URL, wantsIcy: boolean): Channel => {
    const upstream = upstreamRequest(target, wantsIcy);
    const channel: Channel = {
      members: new Set(),
      recent: [],
      recentBytes: 0,
      framers: new Map(),
      closed: false,
      watch: () => {},
      close: () => finish(),
    };
    channels.set(key, channel);

    /** Ends the channel: the station failed or ended (`why` given) or the last listener left. */
    const finish = (why?: { reason: string; message: string }) => {
      if (channel.closed) return;
      channel.closed = true;
      channels.delete(key);
      clearTimeout(firstByteTimer);
      upstream.destroy();
      if (!why || channel.members.size === 0) return;
      log.warn(
        { upstream: where(target), reason: why.reason },
        channel.headers ? "radio stream dropped" : "radio stream unavailable",
      );
      for (const res of channel.members) {
        if (res.headersSent) res.destroy();
        else fail(res, 502, why.message);
      }
    };
    const firstByteTimer = setTimeout(
      () => finish({ reason: "first-byte-timeout", message: MESSAGES.silent(firstByteMs) }),
      firstByteMs,
    );
    upstream.on("error", (error: NodeJS.ErrnoException) =>
      finish({ reason: error.code ?? error.message, message: MESSAGES.unreachable }),
    );
    upstream.on("response", (audio: IncomingMessage) => {
      if (channel.closed) return void audio.destroy();
      const checked = audioHeaders(audio);
      if (!("headers" in checked)) return finish(checked);
      const metaInt = parseMetaInt(audio.headers["icy-metaint"]);
      // Stations send metadata only when asked; strip it anyway if one sends it unasked. Asked
      // for, it is taken out too and put back per listener (see IcyFramer).
      const stripper = metaInt ? new IcyMetadataStripper(metaInt) : undefined;
      const source = stripper ? audio.pipe(stripper) : audio;
      if (wantsIcy && stripper) {
        channel.metaInt = metaInt;
        stripper.on("metadata", (block: Buffer) => {
          channel.metadata = block;
        });
        for (const [name, value] of Object.entries(audio.headers)) {
          if (ICY_HEADER.test(name) && typeof value === "string") checked.headers[name] = value;
        }
      }
      const broken = (error: Error) => finish({ reason: error.message, message: MESSAGES.unreachable });
      audio.on("error", broken);
      source.on("error", broken);
      source.on("end", () => finish({ reason: "ended", message: MESSAGES.ended }));
      source.on("data", (chunk: Buffer) => {
        if (!channel.headers) {
          clearTimeout(firstByteTimer);
          upstream.setTimeout(idleMs, () => upstream.destroy(new Error("idle")));
          channel.headers = checked.headers;
          for (const res of channel.members) startListening(res, channel);
        }
        channel.recent.push(chunk);
        channel.recentBytes += chunk.length;
        while (channel.recentBytes - (channel.recent[0]?.length ?? 0) >= JOIN_BURST_BYTES) {
          channel.recentBytes -= channel.recent.shift()?.length ?? 0;
        }
        for (const res of channel.members) {
          if (!res.headersSent) continue;
          // A listener far behind the others (a paused player, a stalled connection) is let go.
          if (res.writableLength > maxLagBytes) res.destroy();
          else if (!send(res, channel, chunk)) blocked(res);
        }
        // When nobody can take more, the station waits (backpressure), as with one listener.
        const started = [...channel.members].filter((res) => res.headersSent && !res.destroyed);
        if (started.length > 0 && started.every((res) => stalls.has(res))) source.pause();
      });
      resume = () => {
        if (source.isPaused()) source.resume();
      };
    });
    let resume = () => {};
    const stalls = new Map<Response, NodeJS.Timeout>();
    /** A listener whose writes wait is dropped unless they drain within the idle time. */
    const blocked = (res: Response) => {
      if (stalls.has(res)) return;
      stalls.set(
        res,
        setTimeout(() => res.destroy(), idleMs),
      );
    };
    const unblocked = (res: Response) => {
      clearTimeout(stalls.get(res));
      if (stalls.delete(res)) resume();
    };
    channel.watch = (res) => {
      res.on("drain", () => unblocked(res));
      res.once("close", () => unblocked(res));
      // A newcomer can take audio even if everyone else has stopped reading.
      resume();
    };
    upstream.end();
    return channel;
  };

  /** A listener's share of the audio, with their own metadata framing when they asked for it. */
  const send = (res: Response, channel: Channel, chunk: Buffer): boolean => {
    const framer = channel.framers.get(res);
    return res.write(framer ? framer.frame(chunk, channel.metadata) : chunk);
  };

  const leave = (res: Response, channel: Channel) => {
    channel.members.delete(res);
    channel.framers.delete(res);
    // The last listener left: hang up on the station now.
    if (channel.members.size === 0) channel.close();
  };

  const startListening = (res: Response, channel: Channel) => {
    if (!channel.headers || res.headersSent) return;
    if (res.req.method === "HEAD") {
      res.writeHead(200, channel.headers).end();
      leave(res, channel);
      return;
    }
    if (channel.metaInt) channel.framers.set(res, new IcyFramer(channel.metaInt));
    res.writeHead(200, channel.headers);
    res.flushHeaders();
    for (const chunk of channel.recent) send(res, channel, chunk);
  };

  const join = (res: Response, port: number, target: URL, wantsIcy: boolean) => {
    const key = `${port}${wantsIcy ? "+icy" : ""}`;
    let channel = channels.get(key);
    if (!channel || channel.closed) channel = openChannel(key, target, wantsIcy);
    const joined = channel;
    joined.members.add(res);
    joined.watch(res);
    res.once("close", () => leave(res, joined));
    startListening(res, joined);
  };

  const handler = (req: Request, res: Response) => {
    res.setHeader("Cache-Control", CACHE.none);
    const raw = req.query.port;
    if (raw === undefined) return fail(res, 400, MESSAGES.missingPort(options.allowedPorts));
    const text = typeof raw === "string" ? raw : String(raw);
    const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
    if (!allowed.has(port)) return fail(res, 400, MESSAGES.badPort(text, options.allowedPorts));
    if (!options.streamUrl) return fail(res, 503, MESSAGES.notConfigured);
    if (!admit(req, res)) return;
    const target = new URL(options.streamUrl.replaceAll("{port}", String(port)));
    join(res, port, target, req.get("icy-metadata") === "1");
  };

  return Object.assign(handler, { listeners: () => listeners });
}

function fail(res: Response, status: number, message: string) {
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

/** The radio routes, mounted before compression: audio must reach the listener unbuffered. */
export function createRadioRouter(
  config: Pick<
    Config,
    "RADIO_STREAM_URL" | "RADIO_ALLOWED_PORTS" | "RADIO_MAX_LISTENERS" | "RADIO_MAX_PER_CLIENT"
  >,
  overrides: Partial<RadioOptions> = {},
): Router {
  const router = Router();
  const stream = createStreamHandler({
    streamUrl: config.RADIO_STREAM_URL,
    allowedPorts: config.RADIO_ALLOWED_PORTS,
    maxListeners: config.RADIO_MAX_LISTENERS,
    maxPerClient: config.RADIO_MAX_PER_CLIENT,
    ...overrides,
  });
  router.get(STREAM_PATH, stream);
  router.all(STREAM_PATH, (_req, res) => {
    res.setHeader("Allow", "GET, HEAD");
    fail(res, 405, "Only GET and HEAD are supported.");
  });
  return router;
}
