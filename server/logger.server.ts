import pino from "pino";

/** One structured logger for the server; level from LOG_LEVEL (read directly so it works before config). */
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: ["req.headers.authorization", "req.headers.cookie"],
});
