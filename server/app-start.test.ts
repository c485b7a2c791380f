import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";
import { createApp } from "./app.ts";
import { parseConfig } from "./config.server.ts";
import { fixture, respond, startFeedServer } from "./ingest/testing/feed-server.ts";
import { logger } from "./logger.server.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The app on a port of its own, with `feeds` as its FEEDS_CONFIG and `env` beside; its base URL. */
async function serveApp(feeds: Record<string, string[]>, env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "app-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const feedsFile = join(dataDir, "feeds.json");
  writeFileSync(feedsFile, JSON.stringify(feeds));
  const config = parseConfig({
    SITE_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    FEEDS_CONFIG: feedsFile,
    ...env,
  });
  const app = createApp({ config, startFeeds: false });
  cleanups.push(() => (app.locals.close as () => Promise<void>)());
  await app.locals.ready;
  const server = app.listen(0, "127.0.0.1");
  cleanups.push(() => void server.close());
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

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

  it.each(["inline", "worker"] as const)(
    "fetches feeds as its own FEEDS_ALLOW_PRIVATE says, not the process environment's (%s ingest)",
    async (ingest) => {
      // The tests' environment lets feed fetches reach loopback; this app's config does not.
      expect(process.env.FEEDS_ALLOW_PRIVATE).toBe("on");
      const publisher = await startFeedServer({ "/a.xml": respond(fixture("rss2-basic.xml")) });
      cleanups.push(() => publisher.close());
      const base = await serveApp(
        { technology: [publisher.url("/a.xml")] },
        { FEEDS_INGEST: ingest, FEEDS_ALLOW_PRIVATE: "off" },
      );
      // A cold section: its feed's first fetch, which the app's guard refuses.
      await (await fetch(`${base}/api/articles?section=technology`)).arrayBuffer();
      const health = (await (await fetch(`${base}/api/health/feeds`)).json()) as {
        feeds: { lastError: string | null }[];
      };
      expect(health.feeds[0]?.lastError).toBe("Refused: 127.0.0.1 is not a public internet address");
      expect(publisher.requests).toEqual([]);
    },
  );

  it("serves samples as its own SAMPLE_FALLBACK says, not the process environment's", async () => {
    expect(process.env.SAMPLE_FALLBACK ?? "on").toBe("on");
    // A publisher that refuses connections: with the fallback on, the section would show samples.
    const base = await serveApp(
      { technology: ["http://127.0.0.1:9/technology.xml"] },
      { FEEDS_INGEST: "inline", SAMPLE_FALLBACK: "off" },
    );
    const body = (await (await fetch(`${base}/api/articles?section=technology`)).json()) as {
      sample: boolean;
      articles: unknown[];
    };
    expect(body).toMatchObject({ sample: false, articles: [] });
  });
});
