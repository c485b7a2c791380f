/**
 * Production entry: validates the configuration, then serves the built app. With
 * NODE_ENV=development it serves the sources through Vite instead (npm run dev).
 */
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { identity } from "./content/identity.ts";
import { type Config, ConfigError, parseConfig } from "./server/config.server.ts";
import { refuseConnect } from "./server/http/methods.server.ts";
import { loadFeedsConfig } from "./server/ingest/feeds-config.server.ts";
import { logFormat, logger, upLine } from "./server/logger.server.ts";

process.env.NODE_ENV ??= "production";

/**
 * What the operator can fix (a bad variable, a bad feeds file, a store that cannot be opened) is
 * one line naming the variable or file, and exit 1: never a stack trace. By name, since the app's
 * own classes come from the built bundle, not from these modules.
 */
const OPERATOR_ERRORS = new Set(["ConfigError", "FeedsConfigError", "StoreOpenError", "PublicationError"]);

function exitOnStartError(error: unknown): never {
  if (error instanceof ConfigError || (error instanceof Error && OPERATOR_ERRORS.has(error.name))) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let config: Config;
try {
  config = parseConfig(process.env);
  // The feed list is checked before anything starts (createApp reads it again, from the same file).
  loadFeedsConfig(config.FEEDS_CONFIG);
} catch (error) {
  exitOnStartError(error);
}

type AppModule = typeof import("./server/app.ts");
let app: ReturnType<AppModule["createApp"]>;

if (config.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
  try {
    app = mod.createApp({ config, vite });
  } catch (error) {
    exitOnStartError(error);
  }
} else {
  // BUILD_DIR relative to this file, or absolute (as react-router build takes it).
  const buildDir = pathToFileURL(`${path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build")}/`);
  const entry = new URL("./server/index.js", buildDir);
  const mod = (await import(entry.href).catch((error: unknown) => {
    const missing = (error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND";
    if (!missing || !String((error as Error).message).includes(fileURLToPath(entry))) throw error;
    console.error(`No production build at ${fileURLToPath(entry)} (BUILD_DIR): run "npm run build" first.`);
    process.exit(1);
  })) as AppModule;
  try {
    app = mod.createApp({ config, clientDir: fileURLToPath(new URL("./client", buildDir)) });
  } catch (error) {
    exitOnStartError(error);
  }
}

// The store is open (SQLite) or connected and migrated (PostgreSQL) before the site answers.
await (app.locals.ready as Promise<void> | undefined)?.catch(exitOnStartError);

const server: Server = app.listen(config.PORT, config.HOST, () => {
  // At a terminal, one plain line; in JSON logs, a JSON line like every other.
  if (logFormat === "text") console.log(upLine(identity.title, config.SITE_URL));
  else logger.info({ url: config.SITE_URL, host: config.HOST, port: config.PORT }, "listening");
});
refuseConnect(server);
server.on("error", (error) => {
  console.error(`Cannot listen on port ${config.PORT}: ${error.message}`);
  process.exit(1);
});

function shutdown(signal: string) {
  console.log(`${signal}: closing`);
  const close = app.locals.close as (() => Promise<void>) | undefined;
  server.close(() => {
    Promise.resolve(close?.()).finally(() => process.exit(0));
  });
  // Streams (radio listeners) may hold connections open; do not wait for them forever.
  setTimeout(() => process.exit(0), 5000).unref();
  server.closeAllConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
// The publications' folders again, at once (they are also checked every PUBLICATIONS_RELOAD_SECONDS).
process.on("SIGHUP", () => {
  void (app.locals.reloadPublications as (() => Promise<unknown>) | undefined)?.();
});
process.on("SIGINT", () => shutdown("SIGINT"));
