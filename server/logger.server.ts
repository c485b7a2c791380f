import { isMainThread } from "node:worker_threads";
import pino from "pino";
import { type LogFormat, resolveLogFormat, textDestination } from "./log-format.server.ts";

/**
 * JSON or readable text (LOG_FORMAT, see log-format.server.ts). Decided once, in the main thread:
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
