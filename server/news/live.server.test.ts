import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FeedsConfig } from "#server/ingest/feeds-config.ts";
import { type FeedServer, fixture, respond, startFeedServer } from "#server/ingest/testing/feed-server.ts";
import { generateRss } from "#server/ingest/testing/generate.ts";
import { fetchSectionArticles } from "./live.server.ts";

// Real sockets: give a loaded machine room (tests assert behaviour, never timing).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let server: FeedServer;

beforeAll(async () => {
  server = await startFeedServer({
    "/titled.xml": respond(fixture("rss2-basic.xml")),
    "/named.xml": respond(generateRss({ items: 2, title: "Generated News" })),
  });
});
afterAll(() => server.close());

describe("fetchSectionArticles (the CLI's live section)", () => {
  it("names each headline's publisher: the feed list's name, else the channel title", async () => {
    const titled = server.url("/titled.xml");
    const named = server.url("/named.xml");
    const config: FeedsConfig = Object.assign(new Map([["local", [titled, named]]] as const), {
      names: new Map([[named, "Named Courier"]]),
    });
    const { articles, errors } = await fetchSectionArticles(config, "local", { allowPrivate: true });
    expect(errors).toEqual([]);
    expect(new Set(articles.map((a) => a.publisher))).toEqual(new Set(["Grid & Garage", "Named Courier"]));
  });
});
