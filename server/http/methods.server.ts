import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * The methods the site's routes answer. Anything else is refused here with 405 before any route
 * sees it: TRACE would fail deep in the framework as a 500 (the Fetch API cannot represent it),
 * and PUT, PATCH or DELETE would run a page's action (a DELETE /contact stored the message).
 */
const ROUTED = new Set(["GET", "HEAD", "POST"]);
export const ALLOW = "GET, HEAD, POST";

export function refuseUnsupportedMethods(req: Request, res: Response, next: NextFunction): void {
  if (req.method === "OPTIONS") {
    res.status(204).set("Allow", ALLOW).end();
    return;
  }
  if (!ROUTED.has(req.method)) {
    res.status(405).set("Allow", ALLOW).type("text/plain; charset=utf-8").send("Method Not Allowed");
    return;
  }
  allowOnRefusal(req, res);
  next();
}

/**
 * A route that refuses the method (the framework's 405 for a POST to a page without an action)
 * sends no Allow, which a 405 must carry: the methods that reach routes, less the refused one.
 */
function allowOnRefusal(req: Request, res: Response): void {
  const allow = req.method === "POST" ? "GET, HEAD" : "POST";
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (args[0] === 405 && !this.hasHeader("Allow")) this.setHeader("Allow", allow);
    return writeHead.apply(this, args);
  } as typeof writeHead;
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
