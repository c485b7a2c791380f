import type { NextFunction, Request, Response } from "express";

/** The largest form a page accepts. The contact form, the biggest, stays far below it. */
export const MAX_FORM_BYTES = 256 * 1024;

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Pages read posted forms into memory, so a body must say how long it is and be small: browsers
 * always send Content-Length with a form. Refused early, before anything is read, and the
 * connection is closed so the unread rest of a large upload cannot confuse the next request.
 */
export function limitRequestBodies(maxBytes = MAX_FORM_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (BODYLESS.has(req.method)) return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"] === undefined) return next();
      return refuse(res, 411, "Please send the form again: its length was missing.");
    }
    if (Number(declared) > maxBytes) {
      return refuse(res, 413, "That form is too large to send. Please shorten it and try again.");
    }
    next();
  };
}

function refuse(res: Response, status: number, message: string) {
  res.set({ Connection: "close", "Cache-Control": "no-store" });
  res.status(status).type("text/plain; charset=utf-8").send(message);
}
