/**
 * Health a load balancer can use, through a PostgreSQL outage of the test's own cluster (stopped,
 * then frozen): /readyz answers 503 while the store does not answer and 200 once it does, on a web
 * and an ingest process; /healthz stays 200 (the process lives); /api/health/feeds keeps
 * answering with the store's state, never a 500 or a stack in the log.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "#server/app.ts";
import { parseConfig } from "#server/config.server.ts";
import { logger } from "#server/logger.server.ts";
import {
  type PrivateCluster,
  postgresBinDir,
  startPrivateCluster,
} from "#server/store/testing/private-cluster.ts";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

describe.runIf(postgresBinDir())("health through a PostgreSQL outage", () => {
  let cluster: PrivateCluster;
  const dir = mkdtempSync(path.join(tmpdir(), "health-outage-"));
  const closers: (() => Promise<void>)[] = [];

  async function serve(role: "web" | "ingest"): Promise<string> {
    const feedsFile = path.join(dir, "feeds.json");
    writeFileSync(feedsFile, JSON.stringify({ local: ["http://127.0.0.1:9/local.xml"] }));
    const config = parseConfig({
      SITE_URL: "http://localhost:3000",
      DATA_DIR: dir,
      DATABASE_URL: cluster.url,
      ROLE: role,
      FEEDS_CONFIG: feedsFile,
    });
    const app = createApp({ config, startFeeds: false });
    await app.locals.ready;
    const server: Server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    closers.push(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await (app.locals.close as () => Promise<void>)();
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  let web: string;
  let ingest: string;
  beforeAll(async () => {
    cluster = await startPrivateCluster();
    web = await serve("web");
    ingest = await serve("ingest");
  });
  afterAll(async () => {
    cluster?.thaw();
    try {
      cluster?.start();
    } catch {
      // already running
    }
    for (const close of closers.reverse()) await close();
    cluster?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const status = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, cache: res.headers.get("cache-control"), body: await res.json() };
  };

  it("answers ready, then 503 while the database is stopped or frozen, then ready again", async () => {
    const error = vi.spyOn(logger, "error");
    for (const base of [web, ingest]) {
      expect(await status(`${base}/readyz`)).toEqual({
        status: 200,
        cache: "no-store",
        body: { status: "ready" },
      });
    }
    expect(await status(`${web}/api/health/feeds`)).toMatchObject({
      status: 200,
      body: { store: { reachable: true } },
    });

    for (const outage of ["stopped", "frozen"] as const) {
      if (outage === "stopped") cluster.stop();
      else cluster.freeze();
      try {
        for (const base of [web, ingest]) {
          expect(await status(`${base}/readyz`)).toEqual({
            status: 503,
            cache: "no-store",
            body: { status: "unavailable" },
          });
          // Liveness: the process itself is fine.
          expect((await fetch(`${base}/healthz`)).status).toBe(200);
        }
        const details = await status(`${web}/api/health/feeds`);
        expect(details).toMatchObject({
          status: 503,
          cache: "no-store",
          body: { store: { reachable: false }, feeds: [] },
        });
        // Public: the database's message (host, port, user) stays in the log.
        expect(details.body.store).not.toHaveProperty("error");
      } finally {
        if (outage === "stopped") cluster.start();
        else cluster.thaw();
      }
      for (const base of [web, ingest]) expect((await status(`${base}/readyz`)).status).toBe(200);
      expect((await status(`${web}/api/health/feeds`)).body.store).toEqual({ reachable: true });
    }
    // No request failed with an error (a stack) in the log; the outage is warnings.
    expect(error.mock.calls.filter(([, msg]) => msg === "request failed")).toEqual([]);
  });
});
