import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { nonceContext } from "../app/lib/request-context.ts";
import type { Config } from "./config.server.ts";
import { logger } from "./logger.server.ts";
import { securityHeaders } from "./security.server.ts";

export type AppOptions = {
  config: Config;
  /** Built browser assets (production); absent in development, where Vite serves them. */
  clientDir?: string;
  vite?: ViteDevServer;
};

/**
 * The whole HTTP application: headers, logging, compression, static files, APIs and the React
 * Router pages. It is the SSR bundle's entry, so production runs one module graph.
 */
export function createApp({ config, clientDir, vite }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => Boolean(req.url?.startsWith("/assets/")) },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(securityHeaders({ dev: Boolean(vite), https: config.SITE_URL.startsWith("https:") }));
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", uptime: Math.round(process.uptime()) });
  });

  if (vite) {
    app.use(vite.middlewares);
  } else if (clientDir) {
    // Hashed file names change with their content, so they can be cached for a year.
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.use(
    createRequestHandler({
      build: vite
        ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
        : () => import("virtual:react-router/server-build"),
      mode: vite ? "development" : "production",
      getLoadContext(_req, res) {
        const context = new RouterContextProvider();
        context.set(nonceContext, String(res.locals.cspNonce ?? ""));
        return context;
      },
    }),
  );

  return app;
}
