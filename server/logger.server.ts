import { isMainThread } from "node:worker_threads";
import pino from "pino";

/**
 * How the server's log reads. Operators' collectors want one JSON object a line; a person who has
 * just typed `npm start` wants to see that the site is up and where, not 21 JSON warnings that
 * the feeds could not be reached. LOG_FORMAT decides: `json`, `text`, or `auto` (the default):
 * text when stdout is a terminal, JSON when it is a pipe, a file or a log collector.
 */
export type LogFormat = "json" | "text";

export function resolveLogFormat(setting: string | undefined, stdoutIsTTY: boolean | undefined): LogFormat {
  if (setting === "json" || setting === "text") return setting;
  // auto, unset, or a value the config check will reject at start with a clear message.
  return stdoutIsTTY ? "text" : "json";
}

/** The line a terminal shows once the server listens. */
export function upLine(title: string, url: string): string {
  return `${title} is up at ${url} (Ctrl+C stops it)`;
}

type Entry = {
  level?: number;
  time?: number;
  msg?: string;
  [key: string]: unknown;
};

const LEVELS: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};

/** Each refresh's own lines: the cycle's summary says it once for all of them. */
const ROUTINE = new Set(["feed refresh failed", "feed refreshed", "feed not modified"]);

function clock(time: number | undefined): string {
  return new Date(time ?? Date.now()).toISOString().slice(11, 19);
}

function value(v: unknown): string {
  if (v && typeof v === "object" && "message" in v) return String((v as { message: unknown }).message);
  if (typeof v === "string") return /\s/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v);
}

/**
 * One log entry as a person reads it, or undefined for a line the terminal leaves out: each feed's
 * own refresh lines (the cycle's one line sums them up). Everything else keeps its level, message
 * and fields.
 */
export function textLine(entry: Entry): string | undefined {
  const { level = 30, time, msg = "", ...fields } = entry;
  const at = clock(time);
  if (ROUTINE.has(msg)) return undefined;
  if (msg === "refresh cycle done") {
    const feeds = Number(fields.feeds ?? 0);
    const failed = Number(fields.failed ?? 0);
    if (failed === 0)
      return `${at} Checked ${feeds} ${feeds === 1 ? "feed" : "feeds"}: headlines are current`;
    return (
      `${at} ${failed} of ${feeds} feeds could not be reached (offline?): pages show what is stored, or sample ` +
      `headlines, until they can. Each feed's error: /api/health/feeds`
    );
  }
  const req = fields.req as { method?: string; url?: string } | undefined;
  const res = fields.res as { statusCode?: number } | undefined;
  if (req?.method && res?.statusCode !== undefined) {
    const ms = typeof fields.responseTime === "number" ? ` ${Math.round(fields.responseTime)} ms` : "";
    return `${at} ${req.method} ${req.url} ${res.statusCode}${ms}`;
  }
  const name = (LEVELS[level] ?? String(level)).toUpperCase();
  const rest = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${value(v)}`)
    .join(" ");
  const line = `${at} ${name.padEnd(5)} ${msg}${rest ? `  ${rest}` : ""}`;
  // An error's stack is what its reader needs most: below the line, indented (JSON keeps it as err.stack).
  const stack = (fields.err as { stack?: unknown } | undefined)?.stack;
  return level >= 50 && typeof stack === "string" ? `${line}\n${stack.replace(/^/gm, "    ")}` : line;
}

/** A pino destination writing `textLine`s; a line that is not JSON passes through as it is. */
export function textDestination(write: (line: string) => void): { write(chunk: string): void } {
  return {
    write(chunk: string) {
      for (const raw of chunk.split("\n")) {
        if (!raw) continue;
        let entry: Entry;
        try {
          entry = JSON.parse(raw) as Entry;
        } catch {
          write(`${raw}\n`);
          continue;
        }
        const line = textLine(entry);
        if (line !== undefined) write(`${line}\n`);
      }
    },
  };
}

/**
 * JSON or readable text (LOG_FORMAT, formats below). Decided once, in the main thread:
 * a worker thread's stdout is never a terminal, so the choice is written to the environment that
 * worker threads (the feed ingest) copy when they start.
 */
export const logFormat: LogFormat = resolveLogFormat(process.env.LOG_FORMAT, process.stdout.isTTY);
// A value that is not one of LOG_FORMATS stays as it is, for the config check to name at start.
const setting = process.env.LOG_FORMAT;
if (isMainThread && (!setting || setting === "auto")) process.env.LOG_FORMAT = logFormat;

const options: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: ["req.headers.authorization", "req.headers.cookie"],
};

/** One structured logger for the server; level from LOG_LEVEL (read directly so it works before config). */
export const logger =
  logFormat === "text"
    ? pino(
        options,
        textDestination((line) => process.stdout.write(line)),
      )
    : pino(options);
