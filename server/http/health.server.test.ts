import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "#server/config.server.ts";
import { createFeedsApi } from "#server/news/api.server.ts";
import { renameTableAway } from "#server/store/testing/faults.ts";
import { renameSqliteTableAway } from "#server/store/testing/sqlite-files.ts";
import { openTestStore, storeKinds, type TestStore } from "#server/store/testing/stores.ts";
import { healthDetailsAccess, readinessCheck, storeState, withoutToken } from "./health.server.ts";

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The details endpoint behind HEALTH_DETAILS, on an engine that answers or one whose store is down. */
async function details(setting: string, health: () => Promise<never[]> = async () => []) {
  const app = express();
  const log = { warn: vi.fn() };
  app.use("/api/health/feeds", healthDetailsAccess(setting));
  app.use(
    createFeedsApi({ getSectionArticles: async () => ({ articles: [], sample: false }), health }, { log }),
  );
  return { base: await serve(app), log };
}

describe("HEALTH_DETAILS", () => {
  it('is "on" unless set, and takes "off" or a token, never echoing a bad one', () => {
    expect(parseConfig({}).HEALTH_DETAILS).toBe("on");
    expect(parseConfig({ HEALTH_DETAILS: "off" }).HEALTH_DETAILS).toBe("off");
    expect(parseConfig({ HEALTH_DETAILS: "s3cret-token-0123456789" }).HEALTH_DETAILS).toBe(
      "s3cret-token-0123456789",
    );
    expect(() => parseConfig({ HEALTH_DETAILS: "short" })).toThrow(
      /HEALTH_DETAILS must be "on", "off" or a token of 16 to 200 .*\(got a value not shown\)/,
    );
    expect(() => parseConfig({ HEALTH_DETAILS: "short" })).not.toThrow(/short/);
  });

  it("on: anyone reads the details", async () => {
    const { base } = await details("on");
    const res = await fetch(`${base}/api/health/feeds`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ store: { reachable: true }, feeds: [] });
  });

  it("off: the details are not there (404)", async () => {
    const { base } = await details("off");
    expect((await fetch(`${base}/api/health/feeds`)).status).toBe(404);
    expect((await fetch(`${base}/api/health/feeds?token=off`)).status).toBe(404);
  });

  it("a token: asked for as a bearer token or ?token=, compared whole", async () => {
    const token = "0123456789abcdef-health";
    const { base } = await details(token);
    const url = `${base}/api/health/feeds`;
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(url, { headers: { Authorization: `Bearer ${token}x` } })).status).toBe(401);
    expect((await fetch(`${url}?token=${token.slice(0, -1)}`)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${url}?token=${token}`)).status).toBe(200);
  });
});

it("keeps a ?token= out of the request log", () => {
  expect(withoutToken("/api/health/feeds?token=0123456789abcdef")).toBe("/api/health/feeds?token=***");
  expect(withoutToken("/api/health/feeds?a=1&TOKEN=x&b=2")).toBe("/api/health/feeds?a=1&TOKEN=***&b=2");
  expect(withoutToken("/technology?page=2")).toBe("/technology?page=2");
});

describe("/api/health/feeds when the store fails", () => {
  it("answers 503 with the store's state and logs one warning, no 500", async () => {
    const down = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    const { base, log } = await details("on", () => Promise.reject(down));
    const res = await fetch(`${base}/api/health/feeds`);
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({
      store: { reachable: false, code: "ECONNREFUSED" },
      feeds: [],
      lastCycle: null,
    });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatchObject({
      reason: "connect ECONNREFUSED 10.0.0.5:5432 (ECONNREFUSED)",
    });
  });

  it("publishes no database message (host, port, user), only the error's code", async () => {
    const denied = Object.assign(new Error('password authentication failed for user "evnews"'), {
      code: "28P01",
    });
    const { base } = await details("on", () => Promise.reject(denied));
    const text = await (await fetch(`${base}/api/health/feeds`)).text();
    expect(JSON.parse(text).store).toEqual({ reachable: false, code: "28P01" });
    expect(text).not.toContain("evnews");
    expect(text).not.toContain("password");
  });
});

describe.each(await storeKinds())("readiness on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("is ready while the store answers a query, and says once when it stops", async () => {
    expect(await storeState(t.store)).toEqual({ reachable: true });
    const log = { warn: vi.fn(), info: vi.fn() };
    const app = express();
    app.get("/readyz", readinessCheck(t.store, { log }));
    const base = await serve(app);
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, ready.headers.get("cache-control"), await ready.json()]).toEqual([
      200,
      "no-store",
      { status: "ready" },
    ]);
    // A store that cannot answer (closed here; the outage test stops and freezes a real server).
    await t.store.close();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/readyz`);
      expect([res.status, await res.json()]).toEqual([503, { status: "unavailable" }]);
    }
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(await storeState(t.store)).toEqual({ reachable: false, error: expect.any(String) });
  });

  it("is not ready when the store's tables cannot be read (a query that touches no table would pass)", async () => {
    const putBack =
      t.kind === "sqlite"
        ? renameSqliteTableAway(t.location.dataDir, "articles")
        : await renameTableAway(t.location.databaseUrl ?? "", "articles");
    try {
      expect(await storeState(t.store)).toEqual({
        reachable: false,
        error: expect.stringMatching(/articles/),
      });
    } finally {
      await putBack();
    }
    expect(await storeState(t.store)).toEqual({ reachable: true });
  });
});

it("storeState gives up on a store that does not answer within the wait", async () => {
  const hanging = { ping: () => new Promise<void>(() => {}) };
  expect(await storeState(hanging, 50)).toEqual({ reachable: false, error: "no answer within 50 ms" });
});
