/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary directory, its own port), for the
 * outage scenarios: stopped and started at will, never the shared server other tests use. Run as
 * the `postgres` user when the test runs as root (initdb refuses root).
 */
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "../lib/serve.ts";

const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

export type OwnPostgres = {
  /** postgres://… of the cluster's `evnews` database. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its directory. */
  dispose(): Promise<void>;
};

/** Why a cluster of the test's own cannot be made here, or undefined when it can. */
export function ownPostgresProblem(): string | undefined {
  return existsSync(path.join(BIN, "initdb")) ? undefined : `no initdb in ${BIN} (set POSTGRES_BIN)`;
}

const run = promisify(execFile);

/** Runs a PostgreSQL program, as `postgres` when we are root. */
function pgRun(program: string, args: string[]) {
  const bin = path.join(BIN, program);
  return userInfo().uid === 0
    ? run("runuser", ["-u", "postgres", "--", bin, ...args], { cwd: "/tmp" })
    : run(bin, args, { cwd: "/tmp" });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync("/tmp/own-postgres-");
  if (userInfo().uid === 0) {
    const { uid, gid } = await run("id", ["-u", "postgres"]).then(async ({ stdout }) => ({
      uid: Number(stdout),
      gid: Number((await run("id", ["-g", "postgres"])).stdout),
    }));
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  await pgRun("initdb", ["-D", data, "-U", "evnews", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () =>
    void (await pgRun("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]));
  const stop = async () => void (await pgRun("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]));
  await start();
  const admin = new pg.Client({ connectionString: `postgres://evnews@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    await admin.query("CREATE DATABASE evnews");
  } finally {
    await admin.end();
  }
  let disposed = false;
  return {
    url: `postgres://evnews@127.0.0.1:${port}/evnews`,
    stop,
    start,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
