import type { NextFunction, Request, Response } from "express";
import { CACHE } from "./cache-policies.server.ts";

/** The largest form a page accepts. The contact form, the biggest, stays far below it. */
export const MAX_FORM_BYTES = 256 * 1024;

/**
 * An over-limit body up to this size is read and thrown away before the refusal is sent. A
 * client is still uploading when we answer; closing on it mid-upload resets the connection, and
 * the client sees EPIPE or a reset instead of our message. Bigger bodies are not worth reading.
 */
export const MAX_DRAINED_BYTES = 8 * 1024 * 1024;

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);
const TOO_LARGE = "That form is too large to send. Please shorten it and try again.";

/**
 * Pages read posted forms into memory, so a body must say how long it is and be small: browsers
 * always send Content-Length with a form. Refused before any handler reads it; a body of a few
 * megabytes is discarded first so the client gets the answer, a larger one has its connection
 * closed at once. Either way the unread rest cannot confuse the next request.
 */
export function limitRequestBodies(maxBytes = MAX_FORM_BYTES, maxDrainedBytes = MAX_DRAINED_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (BODYLESS.has(req.method)) return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"] === undefined) return next();
      return refuse(res, 411, "Please send the form again: its length was missing.");
    }
    const length = Number(declared);
    if (!(length > maxBytes)) return next();
    if (length > maxDrainedBytes) return refuse(res, 413, TOO_LARGE);
    // Discard the body, then answer. A client that stops sending is ended by the server's
    // request timeout; one that hangs up needs no answer.
    req.once("end", () => refuse(res, 413, TOO_LARGE));
    req.once("error", () => req.destroy());
    req.resume();
  };
}

function refuse(res: Response, status: number, message: string) {
  if (res.headersSent) return;
  res.set({ Connection: "close", "Cache-Control": CACHE.none });
  res.status(status).type("text/plain; charset=utf-8").send(message);
}
