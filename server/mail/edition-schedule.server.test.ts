import { afterEach, describe, expect, it, vi } from "vitest";
import { bossSchema } from "#server/ingest/shared-polling.server.ts";
import { adminQuery } from "#server/store/testing/scratch-schema.ts";
import { createSchema, dropSchema, storeKinds, TEST_DATABASE_URL } from "#server/store/testing/stores.ts";
import { startEditionSchedule } from "./edition-schedule.server.ts";

vi.setConfig({ testTimeout: 30_000 });

const quiet = { info() {}, error() {} };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the editions' schedule", () => {
  it("asks, at start, for the editions of the zones whose time has come, and only theirs", async () => {
    const zones = ["Pacific/Auckland", "America/New_York", "Europe/London"];
    const askedAt = async (moment: string) => {
      const asked: string[][] = [];
      const schedule = startEditionSchedule({
        at: "07:00",
        timeZones: () => zones,
        jobQueue: undefined,
        make: async (due) => {
          asked.push(zones.filter(due));
        },
        log: quiet,
        now: () => new Date(moment),
      });
      cleanups.push(() => schedule.stop());
      await vi.waitFor(() => expect(asked.length).toBeGreaterThan(0));
      await schedule.stop();
      return asked[0];
    };
    // 07:10 in Auckland on 6 December; 13:10 on the 5th in New York; 18:10 in London.
    expect(await askedAt("2026-12-05T18:10:00Z")).toEqual(["Pacific/Auckland"]);
    // 07:05 in London on the 6th; 02:05 in New York; 20:05 in Auckland.
    expect(await askedAt("2026-12-06T07:05:00Z")).toEqual(["Europe/London"]);
    // 12:30 on the 6th: New York's 07:30 and London's 12:30 (within six hours of its 07:00).
    expect(await askedAt("2026-12-06T12:30:00Z")).toEqual(["America/New_York", "Europe/London"]);
  });
});

const postgres = (await storeKinds()).includes("postgres");

describe.runIf(postgres)("the editions' schedule on PostgreSQL", () => {
  it("is one job every quarter of an hour from the send minute, which meets it on every zone's clock", async () => {
    const { schema, url } = await createSchema();
    cleanups.push(async () => {
      await dropSchema(schema);
      await dropSchema(bossSchema(url));
    });
    const schedule = startEditionSchedule({
      at: "07:40",
      timeZones: () => ["Asia/Kathmandu"],
      jobQueue: { connectionString: url },
      make: async () => {},
      log: quiet,
      now: () => new Date("2026-12-05T12:00:00Z"),
    });
    cleanups.push(() => schedule.stop());
    await vi.waitFor(
      async () => {
        const rows = await adminQuery(
          TEST_DATABASE_URL,
          `SELECT cron, timezone FROM ${bossSchema(url)}.schedule`,
        );
        expect(rows).toEqual([{ cron: "10,25,40,55 * * * *", timezone: "UTC" }]);
      },
      { timeout: 20_000, interval: 200 },
    );
  });
});
