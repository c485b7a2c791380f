import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";
import { SAMPLE_LINK, sampleFiles } from "#scripts/make-samples.ts";
import { decodeFeedBytes } from "#server/ingest/decode.ts";
import { normalizeFeed } from "#server/ingest/normalize.ts";
import { parseFeed } from "#server/ingest/parse.ts";
import { createSampleSource } from "./samples.server.ts";

const root = join(import.meta.dirname, "../..");
const SITE = "https://news.example";

describe("the committed sample feeds", () => {
  it("match what scripts/make-samples.ts writes (regenerate after editing the stories)", () => {
    for (const [path, text] of sampleFiles()) {
      expect(readFileSync(join(root, path), "utf8"), path).toBe(text);
    }
  });

  it("are one file for each section with feeds, and no other", () => {
    expect(readdirSync(join(root, "content/samples")).sort()).toEqual(
      FEED_SECTION_KEYS.map((k) => `${k}.xml`).sort(),
    );
  });

  it.each(FEED_SECTION_KEYS)("%s: at least 15 stories, some with images and some without", (section) => {
    const xml = decodeFeedBytes(readFileSync(join(root, "content/samples", `${section}.xml`)));
    const { items, skipped } = normalizeFeed(parseFeed(xml), `${SITE}/`);
    expect(skipped).toBe(0);
    expect(items.length).toBeGreaterThanOrEqual(15);
    expect(items.some((i) => i.imageUrl)).toBe(true);
    expect(items.some((i) => !i.imageUrl)).toBe(true);
    for (const item of items) {
      expect(item.link).toBe(`${SITE}${SAMPLE_LINK}`);
      expect(item.dated).toBe(true);
      expect(item.title).not.toBe("Untitled");
      expect(item.excerpt.length).toBeGreaterThan(20);
      if (item.imageUrl) expect(item.imageUrl).toMatch(new RegExp(`^${SITE}/images/samples/[a-z]+\\.svg$`));
    }
    expect(new Set(items.map((i) => i.guid)).size).toBe(items.length);
  });

  it("illustrations exist in public/, are 16:9 and under 2 KB", () => {
    const images = [...sampleFiles().keys()].filter((p) => p.endsWith(".svg"));
    expect(images.length).toBeGreaterThan(10);
    for (const path of images) {
      expect(statSync(join(root, path)).size).toBeLessThan(2048);
      expect(readFileSync(join(root, path), "utf8")).toContain('viewBox="0 0 320 180"');
    }
  });
});

describe("createSampleSource", () => {
  it("keeps the archives' dates as written: a look back at 1891 is never dated today", async () => {
    const now = new Date("2030-01-01T12:00:00.000Z");
    const samples = createSampleSource({ siteUrl: `${SITE}/`, now: () => now });
    const items = await samples.items("archives");
    const streetcar = items.find((i) => i.title.includes("1891"));
    expect(streetcar?.publishedAt).toBe("2024-05-14T12:00:00.000Z");
    for (const item of items) expect(item.publishedAt.slice(0, 4), item.title).toBe("2024");
  });

  it("moves dates so the newest story is 25 minutes old, keeping the spacing", async () => {
    const now = new Date("2030-01-01T12:00:00.000Z");
    const samples = createSampleSource({ siteUrl: `${SITE}/`, now: () => now });
    const items = await samples.items("automotive");
    expect(items[0]?.publishedAt).toBe("2030-01-01T11:35:00.000Z");
    const times = items.map((i) => Date.parse(i.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items[0]?.link).toBe(`${SITE}/about#sample-articles`);
    // Sample headlines name their publisher, as live ones do: their channel title, ours.
    expect(new Set(items.map((i) => i.publisher))).toEqual(new Set(["The Electric Ledger"]));
  });

  it("has nothing for a section without a file", async () => {
    const samples = createSampleSource({ siteUrl: SITE, dir: join(root, "tests/fixtures/feeds") });
    expect(await samples.items("local")).toEqual([]);
  });
});
