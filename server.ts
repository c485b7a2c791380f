/**
 * Production entry: validates the configuration, then serves the built app. With
 * NODE_ENV=development it serves the sources through Vite instead (npm run dev).
 */
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Config, ConfigError, parseConfig } from "./server/config.server.ts";
import { refuseConnect } from "./server/methods.server.ts";

process.env.NODE_ENV ??= "production";

let config: Config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

type AppModule = typeof import("./server/app.ts");
let app: ReturnType<AppModule["createApp"]>;

/** A store that cannot be opened (StoreOpenError) is one line for the operator, not a stack trace. */
function exitOnStoreError(error: unknown): never {
  if (error instanceof Error && error.name === "StoreOpenError") {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

if (config.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
  try {
    app = mod.createApp({ config, vite });
  } catch (error) {
    exitOnStoreError(error);
  }
} else {
  // BUILD_DIR relative to this file, or absolute (as react-router build takes it).
  const buildDir = pathToFileURL(`${path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build")}/`);
  const entry = new URL("./server/index.js", buildDir);
  const mod = (await import(entry.href).catch((error: unknown) => {
    console.error(`No production build at ${fileURLToPath(entry)}: run "npm run build" first.`);
    throw error;
  })) as AppModule;
  try {
    app = mod.createApp({ config, clientDir: fileURLToPath(new URL("./client", buildDir)) });
  } catch (error) {
    exitOnStoreError(error);
  }
}

// The store is open (SQLite) or connected and migrated (PostgreSQL) before the site answers.
await (app.locals.ready as Promise<void> | undefined)?.catch(exitOnStoreError);

const server: Server = app.listen(config.PORT, config.HOST, () => {
  console.log(`The site is on ${config.SITE_URL} (listening on ${config.HOST}:${config.PORT})`);
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
process.on("SIGINT", () => shutdown("SIGINT"));
