/** Migration 4: articles keep the publisher's categories. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FeedItem } from "./feed-store.ts";
import { openDatabase, schemaVersion } from "./sqlite/db.server.ts";
import { createFeedStore } from "./sqlite/feed-store.server.ts";
import { MIGRATIONS } from "./sqlite/migrations.server.ts";
import { openTestStore, storeKinds, type TestStore } from "./testing/stores.ts";

const URL = "https://a.example/feed";
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "article-categories-"));
  dirs.push(dir);
  return dir;
}

const item = (position: number, categories?: string[]): FeedItem => ({
  guid: `g-${position}`,
  position,
  title: `Title ${position}`,
  excerpt: "",
  content: "",
  publishedAt: "2024-05-01T12:00:00.000Z",
  dated: true,
  readTime: 1,
  ...(categories ? { categories } : {}),
});

describe.each(await storeKinds())("article categories on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(() => t.dispose());

  it("are written and read back; an item without any has none", async () => {
    const store = t.store.feeds;
    await store.syncFeeds(new Map([["local", [URL]]]));
    await store.saveSuccess(URL, { items: [item(0, ["Charging", "Local government"]), item(1)] }, "t", "n");
    const [tagged, untagged] = await store.items(URL);
    expect(tagged?.categories).toEqual(["Charging", "Local government"]);
    expect(untagged).not.toHaveProperty("categories");
    expect((await store.latest(1))[0]?.item.categories).toEqual(["Charging", "Local government"]);
  });
});

describe("article categories through the SQLite migrations", () => {
  it("arrive by a migration that keeps the articles a version 3 database holds", async () => {
    const dir = tempDir();
    const v3 = openDatabase(dir, { migrations: MIGRATIONS.filter((m) => m.version <= 3) });
    v3.exec("INSERT INTO feeds (url) VALUES ('https://a.example/feed')");
    v3.exec(
      `INSERT INTO articles (feed_url, position, guid, title, excerpt, content, published_at, dated, read_time)
       VALUES ('${URL}', 0, 'g-0', 'Kept', '', '', '2024-05-01T12:00:00.000Z', 1, 1)`,
    );
    v3.close();
    const db = openDatabase(dir);
    try {
      expect(schemaVersion(db)).toBe(MIGRATIONS.length);
      const items = await createFeedStore(db).items(URL);
      expect(items.map((i) => [i.title, i.categories])).toEqual([["Kept", undefined]]);
    } finally {
      db.close();
    }
  });

  it("survive the archive migration (version 5 to 6): a stored item keeps its categories", async () => {
    const dir = tempDir();
    const v5 = openDatabase(dir, { migrations: MIGRATIONS.filter((m) => m.version <= 5) });
    v5.exec(`INSERT INTO feeds (url) VALUES ('${URL}')`);
    v5.exec(
      `INSERT INTO articles (feed_url, position, guid, title, excerpt, content, published_at, dated, read_time, categories)
       VALUES ('${URL}', 0, 'g-0', 'Tagged', '', '', '2024-05-01T12:00:00.000Z', 1, 1, '["Charging"]')`,
    );
    v5.close();
    const db = openDatabase(dir);
    try {
      const items = await createFeedStore(db).items(URL);
      expect(items.map((i) => [i.title, i.categories])).toEqual([["Tagged", ["Charging"]]]);
    } finally {
      db.close();
    }
  });
});
