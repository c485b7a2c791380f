/**
 * Starts an extra production server for one scenario (its own feeds, data directory and port),
 * for tests that need state the shared server must not have.
 */
import type { ChildProcess } from "node:child_process";
import { writeFeedsConfig } from "#scripts/lib/feeds-config.ts";
import { freePort, type Served, serveProduction } from "#scripts/lib/serve.ts";

export type AppServer = Served;

/** `onSpawn` sees the child before it answers, for tests that kill it while it starts up. */
export async function startAppServer(
  env: Record<string, string>,
  onSpawn?: (child: ChildProcess) => void,
): Promise<AppServer> {
  return serveProduction(
    await freePort(),
    // INGEST_NICE=0: nice ranks the ingest worker below every process on the machine, not only our
    // web thread, and here Chromium and other servers share two cores: a cold page's first fetch
    // at nice 10 could miss its 8 s deadline (seen in CI).
    // The local fixture publishers unless the scenario names its own: never the real feed list.
    {
      LOG_LEVEL: "error",
      ENABLE_TEST_ROUTES: "on",
      INGEST_NICE: "0",
      FEEDS_CONFIG: writeFeedsConfig(),
      ...env,
    },
    { stdout: "ignore", onSpawn },
  );
}
