/**
 * Starts the production server in a child process for audits and benchmarks, on its own port
 * and data directory, and stops it afterwards.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type Served = { url: string; child: ChildProcess; stop: () => Promise<void> };

const root = path.resolve(import.meta.dirname, "../..");

export async function serveProduction(port: number, env: Record<string, string> = {}): Promise<Served> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "news-audit-")),
      LOG_LEVEL: "warn",
      // Audits and benchmarks use the local fixture publisher, whose images are on loopback.
      IMAGE_PROXY_ALLOW_PRIVATE: "on",
      ...env,
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, child, stop };
}
