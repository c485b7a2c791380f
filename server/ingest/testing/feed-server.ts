import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** Test support: a local HTTP server on 127.0.0.1 (port 0) whose routes the test writes. */
export type Route = (req: IncomingMessage, res: ServerResponse) => unknown;

export type FeedServer = {
  /** The absolute URL of a path on this server. */
  url(path: string): string;
  /** Every request received, in order. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  /** Replaces or adds a route while the server runs. */
  route(path: string, handler: Route): void;
  close(): Promise<void>;
};

export const FIXTURES_DIR = join(import.meta.dirname, "../../../tests/fixtures/feeds");

export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES_DIR, name));
}

export async function startFeedServer(routes: Record<string, Route> = {}): Promise<FeedServer> {
  const table = new Map(Object.entries(routes));
  const requests: FeedServer["requests"] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, headers: req.headers });
    const handler = table.get(path) ?? table.get(path.split("?")[0] ?? path);
    if (!handler) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    Promise.resolve(handler(req, res)).catch((error) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    route: (path, handler) => table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive sockets (and deliberately hung requests) would hold close() open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A route answering 200 with a body (a fixture's bytes or a string) and extra headers. */
export function respond(body: string | Buffer, headers: Record<string, string> = {}): Route {
  return (_req, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", ...headers }).end(body);
  };
}
