/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, its own port), for
 * outages the shared test server must never suffer: frozen with SIGSTOP, stopped, started again.
 * Needs PostgreSQL's server programs (Debian: /usr/lib/postgresql/<version>/bin); as root it runs
 * them as the `postgres` user, since initdb refuses root.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type PrivateCluster = {
  /** Connects as the superuser `evnews` (trust) to the `postgres` database. */
  url: string;
  /** SIGSTOP the server and every process of it: connections stay open, nothing answers. */
  freeze(): void;
  /** SIGCONT what freeze() stopped. */
  thaw(): void;
  /** Stops the server (fast shutdown: connections are closed); start() brings it back. */
  stop(): void;
  start(): void;
  /** Thaws, stops the server at once and removes its directory. */
  dispose(): void;
};

/** The newest PostgreSQL server programs installed, or undefined (the tests that need them skip). */
export function postgresBinDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], "bin");
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The pids of `pid`'s children (the server's backends and helpers). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return children;
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL server programs under /usr/lib/postgresql");
  const dir = mkdtempSync(path.join(tmpdir(), "pg-private-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
    execFileSync(file, argv, { stdio: "pipe", timeout: 60_000 });
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  let frozen: number[] = [];
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=40`;
  const start = () => run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", options, "-w", "start"]);
  try {
    run("initdb", ["-D", data, "-A", "trust", "-U", "evnews", "-E", "UTF8", "--no-sync"]);
    start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const postmaster = () => Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const thaw = () => {
    for (const pid of frozen.reverse()) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // gone already
      }
    }
    frozen = [];
  };
  return {
    url: `postgres://evnews@127.0.0.1:${port}/postgres`,
    freeze() {
      // The postmaster first, so it forks no new backend while its children are being stopped.
      const pid = postmaster();
      process.kill(pid, "SIGSTOP");
      frozen = [pid, ...childrenOf(pid)];
      for (const child of frozen.slice(1)) process.kill(child, "SIGSTOP");
    },
    thaw,
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    start,
    dispose() {
      thaw();
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
