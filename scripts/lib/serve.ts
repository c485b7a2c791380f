/**
 * Starts the production server in a child process, on its own port and data directory, waits
 * until it answers, and stops it afterwards: for audits, benchmarks and the tests' own servers.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { newestBuildSource } from "./build-sources.ts";

export type Served = { url: string; dataDir: string; child: ChildProcess; stop: () => Promise<void> };

export type ServeOptions = {
  /** The server's request log; errors always go to stderr. */
  stdout?: "inherit" | "ignore";
  /** Sees the child before it answers, for tests that kill it while it starts up. */
  onSpawn?: (child: ChildProcess) => void;
};

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The V8 heap bounds `npm start` gives the server (package.json's start script carries the same
 * flags; a test holds them equal), so audits and benchmarks measure the process readers get.
 * Left to itself V8 lets a busy web thread's heap grow to ~300 MB before collecting, though under
 * load it holds ~50 MB live; a 192 MB old generation and 8 MB semi-spaces keep the process near
 * 300 MB at 600 feeds at the same throughput (a smaller old generation also shrinks the young one,
 * and throughput falls by two thirds: hence the explicit semi-space size).
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=192", "--max-semi-space-size=8"];

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function serveProduction(
  port: number,
  env: Record<string, string> = {},
  { stdout = "inherit", onSpawn }: ServeOptions = {},
): Promise<Served> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "news-served-"));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.ts"], {
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

/** A free port on 127.0.0.1 (tests run beside others). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * For the scenario tests: builds (npm run build, a few seconds) when the production build is missing
 * or older than its sources (BUILD_SOURCES; tests ignored, so editing a test does not rebuild).
 * NODE_ENV=production: under vitest (NODE_ENV=test) the build would otherwise carry React's
 * development code.
 */
export async function buildIfStale(): Promise<void> {
  const built = path.join(root, "build", "server", "index.js");
  if (existsSync(built) && statSync(built).mtimeMs >= newestBuildSource(root)) return;
  await promisify(execFile)("npm", ["run", "build"], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: "production" },
  });
}

/** One memory line of a process's status (Linux), in MB; NaN when it cannot be read. */
function statusMb(pid: number | undefined, field: "VmHWM" | "VmRSS"): number {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(
      readFileSync(`/proc/${pid}/status`, "utf8"),
    )?.[1];
    return kb === undefined ? Number.NaN : Math.round(Number(kb) / 1024);
  } catch {
    return Number.NaN;
  }
}

/** A process's peak resident memory (Linux VmHWM), in MB; NaN when it cannot be read. */
export const peakRssMb = (pid: number | undefined) => statusMb(pid, "VmHWM");

/** A process's resident memory now (Linux VmRSS), in MB; NaN when it cannot be read. */
export const rssMb = (pid: number | undefined) => statusMb(pid, "VmRSS");
