/**
 * Starts an extra production server for one scenario (its own feeds, data directory and port),
 * for tests that need state the shared server must not have.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type AppServer = { url: string; dataDir: string; stop: () => Promise<void>; child: ChildProcess };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** `onSpawn` sees the child before it answers, for tests that kill it while it starts up. */
export async function startAppServer(
  env: Record<string, string>,
  onSpawn?: (child: ChildProcess) => void,
): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "news-scenario-"));
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      ENABLE_TEST_ROUTES: "on",
      IMAGE_PROXY_ALLOW_PRIVATE: "on",
      ...env,
    },
  });
  onSpawn?.(child);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`scenario server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("scenario server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
