import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, storeKinds, type TestStore } from "./testing/stores.ts";

describe.each(await storeKinds())("stored images on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("knows only the images stored articles name, current or archived", async () => {
    const feed = "https://a.example/feed";
    await t.store.feeds.syncFeeds(new Map([["local", [feed]]]));
    const item = (n: number) => ({
      guid: `g${n}`,
      position: 0,
      title: "t",
      excerpt: "",
      content: "",
      imageUrl: `https://cdn.example/${n}.jpg`,
      publishedAt: "2026-01-01T00:00:00.000Z",
      dated: true,
      readTime: 1,
    });
    await t.store.feeds.saveSuccess(feed, { items: [item(1)] }, "2026-01-01T00:00:00.000Z", "n");
    await t.store.feeds.saveSuccess(feed, { items: [item(2)] }, "2026-01-01T00:10:00.000Z", "n");
    expect(await t.store.images.isStoredImage("https://cdn.example/1.jpg")).toBe(true);
    expect(await t.store.images.isStoredImage("https://cdn.example/2.jpg")).toBe(true);
    expect(await t.store.images.isStoredImage("https://cdn.example/3.jpg")).toBe(false);
    expect(await t.store.images.isStoredImage("https://cdn.example/1.jpg?x")).toBe(false);
  });
});
