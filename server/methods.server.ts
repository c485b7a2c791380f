import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * The methods the site's routes answer (each route refuses the ones it does not take with its
 * own 405). Anything else, TRACE above all (the Fetch API cannot even represent it, so it would
 * fail deep in the framework as a 500), is refused here with 405 before any route sees it.
 */
const HANDLED = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);
export const ALLOW = "GET, HEAD, POST";

export function refuseUnsupportedMethods(req: Request, res: Response, next: NextFunction): void {
  if (HANDLED.has(req.method)) {
    next();
    return;
  }
  res.status(405).set("Allow", ALLOW).type("text/plain; charset=utf-8").send("Method Not Allowed");
}

/** CONNECT never reaches Express (Node hands it to the 'connect' event): answer 405 there too. */
export function refuseConnect(server: Server): void {
  server.on("connect", (_req, socket) => {
    const body = "Method Not Allowed";
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
