/**
 * Starts the production server in a child process, on its own port and data directory, waits
 * until it answers, and stops it afterwards: for audits, benchmarks and the tests' own servers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type Served = { url: string; dataDir: string; child: ChildProcess; stop: () => Promise<void> };

export type ServeOptions = {
  /** The server's request log; errors always go to stderr. */
  stdout?: "inherit" | "ignore";
  /** Sees the child before it answers, for tests that kill it while it starts up. */
  onSpawn?: (child: ChildProcess) => void;
};

const root = path.resolve(import.meta.dirname, "../..");

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function serveProduction(
  port: number,
  env: Record<string, string> = {},
  { stdout = "inherit", onSpawn }: ServeOptions = {},
): Promise<Served> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "news-served-"));
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    stdio: ["ignore", stdout, "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      LOG_LEVEL: "warn",
      // Audits, benchmarks and tests use local fixture publishers, whose feeds and images are on loopback.
      IMAGE_PROXY_ALLOW_PRIVATE: "on",
      FEEDS_ALLOW_PRIVATE: "on",
      ...env,
      DATA_DIR: dataDir,
    },
  });
  onSpawn?.(child);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (ended(child)) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (ended(child)) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, dataDir, child, stop };
}
