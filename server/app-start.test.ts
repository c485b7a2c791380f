import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FEED_SECTION_KEYS } from "../app/lib/sections.ts";
import { createApp } from "./app.ts";
import { parseConfig } from "./config.server.ts";
import { logger } from "./logger.server.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("createApp", () => {
  it("warns at start about the sections its FEEDS_CONFIG gives no feed", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "app-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Every section but national and opinion, on a publisher never asked (feeds are not started).
    const feedsFile = join(dataDir, "feeds.json");
    const kept = FEED_SECTION_KEYS.filter((k) => k !== "national" && k !== "opinion");
    writeFileSync(
      feedsFile,
      JSON.stringify(Object.fromEntries(kept.map((k) => [k, [`http://127.0.0.1:9/${k}.xml`]]))),
    );
    const warn = vi.spyOn(logger, "warn");
    const config = parseConfig({
      SITE_URL: "http://localhost:3000",
      DATA_DIR: dataDir,
      FEEDS_CONFIG: feedsFile,
      FEEDS_INGEST: "inline",
    });
    const app = createApp({ config, startFeeds: false });
    cleanups.push(() => (app.locals.close as () => Promise<void>)());
    expect(warn).toHaveBeenCalledWith(
      { sections: ["national", "opinion"] },
      "No RSS feed configured for sections: national, opinion (their pages show no articles)",
    );
  });
});
