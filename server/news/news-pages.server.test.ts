import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Article } from "#domain/article.ts";
import { isLoadFailure, LOAD_FAILURE } from "#domain/load-failure.ts";
import { FEED_SECTION_KEYS, type FeedSectionKey } from "#domain/sections.ts";
import { parseConfig } from "#server/config.server.ts";
import type { Services } from "#server/http/services.server.ts";
import { StoreUnavailableError } from "#server/ingest/errors.ts";
import { respond, startFeedServer } from "#server/ingest/testing/feed-server.ts";
import { generateRss } from "#server/ingest/testing/generate.ts";
import { createFeedEngine, type EngineLogger } from "./engine.server.ts";
import {
  awaitUnlessCold,
  failureAsValue,
  HOME_PER_SECTION,
  HOME_SECTIONS,
  LoadTimeoutError,
  loadHome,
  loadSection,
  toCard,
  warnSectionsWithoutFeeds,
  withDeadline,
} from "./news-pages.server.ts";

describe("HOME_SECTIONS", () => {
  it("are the spec's six home blocks, in its order", () => {
    expect(HOME_SECTIONS).toEqual(["local", "national", "world", "technology", "business", "politics"]);
  });
});

describe("awaitUnlessCold", () => {
  it("awaits the data when nothing waits for a publisher, however long the store takes", async () => {
    const slow = () => new Promise<number>((r) => setTimeout(() => r(7), 50));
    expect(await awaitUnlessCold(slow)).toEqual({ done: true, value: 7 });
  });

  it("gives back the promise once the data waits for a cold section's first fetch", async () => {
    let arrive: (n: number) => void = () => {};
    const result = await awaitUnlessCold(({ onColdWait }) => {
      onColdWait();
      return new Promise<number>((r) => {
        arrive = r;
      });
    });
    expect(result.done).toBe(false);
    arrive(7);
    if (!result.done) expect(await result.promise).toBe(7);
  });

  it("rethrows a failure that comes before any cold wait", async () => {
    await expect(awaitUnlessCold(() => Promise.reject(new Error("store down")))).rejects.toThrow(
      "store down",
    );
  });
});

describe("withDeadline", () => {
  it("passes a prompt answer through", async () => {
    expect(await withDeadline(Promise.resolve("ok"), 50)).toBe("ok");
  });

  it("gives up on a slow one with a LoadTimeoutError", async () => {
    await expect(withDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(LoadTimeoutError);
  });
});

describe("failureAsValue", () => {
  const log = () => ({ warn: vi.fn(), error: vi.fn() });

  it("passes a value through untouched", async () => {
    const l = log();
    expect(await failureAsValue(Promise.resolve({ articles: [] }), l)).toEqual({ articles: [] });
    expect(l.warn).not.toHaveBeenCalled();
    expect(l.error).not.toHaveBeenCalled();
  });

  it("turns late publishers into the failure value, logged as a warning", async () => {
    const l = log();
    const value = await failureAsValue(withDeadline(new Promise(() => {}), 10), l);
    expect(value).toEqual(LOAD_FAILURE);
    expect(isLoadFailure(value)).toBe(true);
    expect(l.warn).toHaveBeenCalledTimes(1);
    expect(l.error).not.toHaveBeenCalled();
  });

  it("turns any other failure into the failure value, logged as an error", async () => {
    const l = log();
    const boom = new Error("store down");
    expect(await failureAsValue(Promise.reject(boom), l)).toEqual(LOAD_FAILURE);
    expect(l.error).toHaveBeenCalledWith({ err: boom }, expect.any(String));
  });

  it("turns a store that cannot be read into the failure value, logged once (by the engine) as a warning", async () => {
    const l = log();
    expect(await failureAsValue(Promise.reject(new StoreUnavailableError("search")), l)).toEqual(
      LOAD_FAILURE,
    );
    expect(l.warn).toHaveBeenCalledTimes(1);
    expect(l.error).not.toHaveBeenCalled();
  });

  it("is told apart from page data", () => {
    expect(isLoadFailure({ articles: [], sample: false, page: 1, older: false })).toBe(false);
    expect(isLoadFailure(null)).toBe(false);
  });
});

// Real engine, real store, publishers on a local server: what a cold start looks like.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function recorder() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const at = (obj: object, msg: string) => void warnings.push({ obj: obj as Record<string, unknown>, msg });
  const log: EngineLogger = { debug: () => {}, info: () => {}, warn: at, error: () => {} };
  return { warnings, log };
}

/** A feed per named section on a local publisher; `hang` lists sections whose feed never answers. */
async function services(sections: FeedSectionKey[], hang: FeedSectionKey[] = []): Promise<Services> {
  const publisher = await startFeedServer();
  cleanups.push(() => publisher.close());
  for (const key of sections) {
    publisher.route(
      `/${key}.xml`,
      hang.includes(key) ? () => new Promise(() => {}) : respond(generateRss({ items: 6, guidPrefix: key })),
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), "news-pages-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const feeds = createFeedEngine({
    feeds: new Map(sections.map((key) => [key, [publisher.url(`/${key}.xml`)]])),
    store: { dataDir },
    refreshMinutes: 10,
    retentionDays: 30,
    allowPrivate: true,
    sampleFallback: false,
    siteUrl: "https://news.example",
    fetchTimeoutMs: 20_000,
    logger: recorder().log,
  });
  cleanups.push(() => feeds.stop());
  const config = parseConfig({ SITE_URL: "https://news.example", DATA_DIR: dataDir });
  return {
    config,
    feeds,
    store: undefined as unknown as Services["store"],
    limiters: undefined as unknown as Services["limiters"],
    radio: { status: async () => "not-configured" },
    mail: { kick: () => {} },
  };
}

describe("a section with no configured feed", () => {
  const configured: FeedSectionKey[] = ["local", "world", "technology", "business", "politics"];

  it("gives the section page an empty list and logs which section has no feed", async () => {
    const { warnings, log } = recorder();
    const page = await loadSection(await services(configured), "national", 1, log);
    expect(page).toEqual({ articles: [], sample: false, page: 1, older: false });
    expect(warnings).toContainEqual({
      obj: { section: "national" },
      msg: "No RSS feed configured for section: national",
    });
  });

  it("gives an older page of it the empty state too, logged the same way", async () => {
    const { warnings, log } = recorder();
    const page = await loadSection(await services(configured), "national", 2, log);
    expect(page).toEqual({ articles: [], sample: false, page: 2, older: false });
    expect(warnings).toContainEqual({
      obj: { section: "national" },
      msg: "No RSS feed configured for section: national",
    });
  });

  it("leaves its home block out and shows the others", async () => {
    const { warnings, log } = recorder();
    const home = await loadHome(await services(configured), { log });
    expect(home.blocks.map((b) => b.key)).toEqual(["local", "world", "technology", "business", "politics"]);
    expect(warnings.map((w) => w.msg)).toContain("No RSS feed configured for section: national");
  });

  it("is named in one warning at start", () => {
    const { warnings, log } = recorder();
    const all = FEED_SECTION_KEYS.filter((k) => k !== "national" && k !== "opinion");
    warnSectionsWithoutFeeds(all, log);
    expect(warnings).toEqual([
      {
        obj: { sections: ["national", "opinion"] },
        msg: "No RSS feed configured for sections: national, opinion (their pages show no articles)",
      },
    ]);
    warnSectionsWithoutFeeds(FEED_SECTION_KEYS, log);
    expect(warnings).toHaveLength(1);
  });
});

describe("home on a cold start with one hanging publisher", () => {
  it("renders the five blocks that arrived and leaves the cold one out", async () => {
    // The five reachable sections come from a real engine; local's load never settles (a publisher
    // that hangs for good), so without each block's own deadline home would never answer. Fake
    // timers run that deadline without waiting for it.
    const { warnings, log } = recorder();
    const s = await services(HOME_SECTIONS.filter((k) => k !== "local"));
    const feeds = s.feeds;
    const hanging = {
      ...s,
      feeds: {
        ...feeds,
        getSectionArticles: (key: string, limit?: number, cold?: { onColdWait?: () => void }) => {
          if (key !== "local") return feeds.getSectionArticles(key, limit);
          // Cold: it waits for its publisher's first fetch, which never ends.
          cold?.onColdWait?.();
          return new Promise<never>(() => {});
        },
      },
    } as Services;
    // The five arrive first (with real timers: their fetches' timeouts must not be run early).
    for (const key of HOME_SECTIONS)
      if (key !== "local") await feeds.getSectionArticles(key, HOME_PER_SECTION);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    cleanups.push(() => void vi.useRealTimers());
    let answered = false;
    const loading = loadHome(hanging, { log }).finally(() => {
      answered = true;
    });
    await vi.runAllTimersAsync();
    expect(answered).toBe(true);
    const home = await loading;
    expect(home.blocks.map((b) => b.key)).toEqual([
      "national",
      "world",
      "technology",
      "business",
      "politics",
    ]);
    expect(home.blocks.every((b) => b.articles.length === HOME_PER_SECTION)).toBe(true);
    expect(warnings).toContainEqual(
      expect.objectContaining({ obj: expect.objectContaining({ section: "local" }) }),
    );
  });

  it("fails as a whole only when no block could load", async () => {
    const s = await services([...HOME_SECTIONS], [...HOME_SECTIONS]);
    await expect(loadHome(s, { deadlineMs: 300, log: recorder().log })).rejects.toBeInstanceOf(
      LoadTimeoutError,
    );
  });

  it("fails as a whole too when the sections with feeds all hang and the others have none", async () => {
    // national has no feed (an empty block, never a load); the five that do all hang.
    const withFeeds = HOME_SECTIONS.filter((k) => k !== "national");
    const s = await services(withFeeds, withFeeds);
    await expect(loadHome(s, { deadlineMs: 300, log: recorder().log })).rejects.toBeInstanceOf(
      LoadTimeoutError,
    );
  });
});

describe("loadHome", () => {
  const article = (n: number): Article => ({
    id: `local-${n}`,
    title: `Headline ${n}`,
    excerpt: `Excerpt ${n}`,
    content: "",
    category: "Local News",
    publisher: "Riverton Gazette",
    publishedAt: "2026-11-24T07:00:00.000Z",
    imageUrl: `https://img.example/${n}.jpg`,
    link: `https://news.example/${n}`,
    readTime: 1,
    featured: n === 1,
    section: "local",
  });
  // Only what loadHome reads of the services.
  const services = {
    config: { SITE_URL: "http://localhost:3000" },
    feeds: {
      getSectionArticles: async (key: string) => ({
        articles: key === "local" ? [article(1), article(2)] : [],
        sample: false,
      }),
      latestArticles: async () => ({ articles: [article(1), article(2)] }),
      hasOlder: async () => false,
      getSectionArchive: async () => ({ articles: [article(3), article(4)], more: false }),
    },
  } as unknown as Services;

  it("fails home and the section pages when the store cannot be read, never an empty page", async () => {
    const down = () => Promise.reject(new StoreUnavailableError("section articles"));
    const broken = (feeds: Partial<Services["feeds"]>) =>
      ({ ...services, feeds: { ...services.feeds, ...feeds } }) as unknown as Services;
    const log = recorder().log;
    // One block's store read is enough: a home without that block is not a page to keep.
    const oneBlock = broken({
      getSectionArticles: (key: string) =>
        key === "world" ? down() : services.feeds.getSectionArticles(key, HOME_PER_SECTION),
    } as Partial<Services["feeds"]>);
    await expect(loadHome(oneBlock, { log })).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(loadHome(broken({ latestArticles: down }), { log })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(loadSection(broken({ hasOlder: down }), "local", 1, log)).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(loadSection(broken({ getSectionArchive: down }), "local", 2, log)).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });

  it("fails home as a store failure when a block's read is only slow (no cold wait), never leaves it out", async () => {
    const slowStore = {
      ...services,
      feeds: {
        ...services.feeds,
        getSectionArticles: (key: string) =>
          key === "world"
            ? new Promise<never>(() => {})
            : services.feeds.getSectionArticles(key, HOME_PER_SECTION),
      },
    } as unknown as Services;
    await expect(loadHome(slowStore, { deadlineMs: 200, log: recorder().log })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });

  it("leaves the ticker empty, not the page waiting, when the latest articles do not come in time", async () => {
    // A fresh store's ticker waits for the feeds' first tries; a hanging publisher must not hold home.
    const slowTicker = {
      ...services,
      feeds: { ...services.feeds, latestArticles: () => new Promise<never>(() => {}) },
    } as unknown as Services;
    const home = await loadHome(slowTicker, { deadlineMs: 200, log: recorder().log });
    expect(home.ticker).toEqual([]);
    expect(home.blocks.map((b) => b.key)).toEqual(["local"]);
  });

  it("sends an image address only for the lead, the one card that shows its picture", async () => {
    const home = await loadHome(services);
    expect(home.blocks[0]?.articles.map((a) => a.imageUrl)).toEqual([
      "/img?u=https%3A%2F%2Fimg.example%2F1.jpg",
      undefined,
    ]);
    expect(home.blocks[0]?.articles[1]).not.toHaveProperty("imageUrl");
  });

  it("sends a section page the image address of its first card only, older pages none", async () => {
    const page = await loadSection(services, "local");
    expect(page.articles.map((a) => "imageUrl" in a)).toEqual([true, false]);
    const older = await loadSection(services, "local", 2);
    expect(older.articles.map((a) => "imageUrl" in a)).toEqual([false, false]);
  });

  it("sends the ticker only the headline, section, publisher and link of each item", async () => {
    const home = await loadHome(services);
    const publisher = "Riverton Gazette";
    expect(home.ticker).toEqual([
      { title: "Headline 1", category: "Local News", publisher, link: "https://news.example/1" },
      { title: "Headline 2", category: "Local News", publisher, link: "https://news.example/2" },
    ]);
    // Cards carry no id either: a page never shows one (the JSON API keeps it).
    expect(home.blocks[0]?.articles.every((a) => !("id" in a))).toBe(true);
    expect(home.blocks.map((b) => b.key)).toEqual(["local"]);
    expect(home.blocks[0]?.articles[0]).toMatchObject({
      excerpt: "Excerpt 1",
      publisher: "Riverton Gazette",
      imageUrl: "/img?u=https%3A%2F%2Fimg.example%2F1.jpg",
    });
  });
});

describe("a card's topic", () => {
  const article = (categories: string[]): Article => ({
    id: "t-1",
    title: "Chips",
    excerpt: "",
    content: "",
    category: "Technology & Innovation",
    publisher: "Riverton Gazette",
    publishedAt: "2026-11-24T07:00:00.000Z",
    readTime: 1,
    featured: false,
    section: "technology",
    categories,
  });
  const topic = (categories: string[]) =>
    toCard(article(categories), { SITE_URL: "https://news.example", IMAGE_PROXY_ALLOW_PRIVATE: "off" })
      .categories;

  it("is the publisher's first category", () => {
    expect(topic(["Semiconductors", "Asia"])).toEqual(["Semiconductors"]);
  });

  it("skips catch-alls and the section's own name, in any case, for the next category", () => {
    expect(topic(["Uncategorized", "uncategorised", "GENERAL", "Semiconductors"])).toEqual([
      "Semiconductors",
    ]);
    expect(topic(["technology & innovation", "Technology", "AI"])).toEqual(["AI"]);
  });

  it("is absent when no category says more than the section", () => {
    expect(topic(["Uncategorized", "Technology"])).toBeUndefined();
    expect(topic([])).toBeUndefined();
  });
});
