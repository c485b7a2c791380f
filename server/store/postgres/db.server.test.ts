/** The PostgreSQL migration runner: the same versions as SQLite, safe when processes open at once. */
import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS } from "#server/store/sqlite/migrations.server.ts";
import { createSchema, dropSchema, storeKinds } from "#server/store/testing/stores.ts";
import { createPool, migrate, type PostgresMigration, schemaVersion } from "./db.server.ts";
import { POSTGRES_MIGRATIONS } from "./migrations.server.ts";
import { openPostgresStore } from "./store.server.ts";

const onPostgres = (await storeKinds()).includes("postgres");

const schemas: string[] = [];
const pools: pg.Pool[] = [];
afterEach(async () => {
  for (const p of pools.splice(0)) await p.end();
  for (const s of schemas.splice(0)) await dropSchema(s);
});
async function fresh(): Promise<string> {
  const { schema, url } = await createSchema();
  schemas.push(schema);
  return url;
}
function pool(url: string): pg.Pool {
  const p = createPool(url, { max: 2 });
  pools.push(p);
  return p;
}

describe.runIf(onPostgres)("PostgreSQL migrations", () => {
  it("has the same versions, in the same order and with the same names, as SQLite's", () => {
    expect(POSTGRES_MIGRATIONS.map((m) => [m.version, m.name])).toEqual(
      MIGRATIONS.map((m) => [m.version, m.name]),
    );
  });

  it("migrates once when several processes open the store at the same moment", async () => {
    const url = await fresh();
    const stores = Array.from({ length: 4 }, () => openPostgresStore(url, { max: 2 }));
    try {
      await Promise.all(stores.map((s) => s.ready()));
      const p = pool(url);
      expect(await schemaVersion(p)).toBe(POSTGRES_MIGRATIONS.length);
      const { rows } = await p.query("SELECT version FROM evnews_schema_version ORDER BY version");
      expect(rows.map((r) => r.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
      expect(await stores[0]?.integrityProblems()).toEqual([]);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it("runs steps appended later, and only those; rolls a failing step back and names it", async () => {
    const url = await fresh();
    const p = pool(url);
    await migrate(p, POSTGRES_MIGRATIONS);
    const extra: PostgresMigration = {
      version: POSTGRES_MIGRATIONS.length + 1,
      name: "half done",
      up: async (db) => {
        await db.query("CREATE TABLE half (x integer)");
        await db.query("THIS IS NOT SQL");
      },
    };
    await expect(migrate(p, [...POSTGRES_MIGRATIONS, extra])).rejects.toThrow(
      `Migration ${POSTGRES_MIGRATIONS.length + 1} ("half done") failed`,
    );
    expect(await schemaVersion(p)).toBe(POSTGRES_MIGRATIONS.length);
    expect((await p.query("SELECT to_regclass('half') AS t")).rows[0]?.t).toBeNull();
    const store = openPostgresStore(url, { migrations: [...POSTGRES_MIGRATIONS, extra] });
    await expect(store.ready()).rejects.toThrow(/half done/);
    await expect(store.messages.count()).rejects.toThrow(/half done/);
    await store.close();
  });

  it("refuses versions out of order and a database newer than the code", async () => {
    const url = await fresh();
    const p = pool(url);
    await expect(
      migrate(p, [{ ...POSTGRES_MIGRATIONS[0], version: 7 } as PostgresMigration]),
    ).rejects.toThrow(/expected 1/);
    await migrate(p, POSTGRES_MIGRATIONS);
    await p.query("INSERT INTO evnews_schema_version (version, name) VALUES (99, 'future')");
    await expect(migrate(p, POSTGRES_MIGRATIONS)).rejects.toThrow(/schema version 99, newer than this code/);
  });

  it("the archive migration keeps a version 5 database's articles, one per (feed, guid), searchable", async () => {
    const url = await fresh();
    const p = pool(url);
    await migrate(p, POSTGRES_MIGRATIONS.slice(0, 5));
    const feed = "https://a.example/feed";
    await p.query("INSERT INTO feeds (url) VALUES ($1)", [feed]);
    await p.query(
      "INSERT INTO feed_sections (feed_url, section, feed_index, feed_count, section_rank) VALUES ($1, 'local', 0, 1, 0)",
      [feed],
    );
    const insert = (position: number, guid: string | null, title: string, link: string) =>
      p.query(
        `INSERT INTO articles (feed_url, position, guid, title, excerpt, content, link, published_at, dated, read_time,
                               categories, search)
         VALUES ($1, $2, $3, $4, 'Solar excerpt', '', $5, '2026-01-01T00:00:00.000Z', 1, 1, '["Energy"]',
                 setweight(to_tsvector('simple', lower($4)), 'A') || setweight(to_tsvector('simple', 'solar excerpt'), 'B'))`,
        [feed, position, guid, title, link],
      );
    await insert(0, "g1", "Solar farm opens", "https://a.example/1");
    await insert(1, "g1", "Solar farm opens (repeat)", "https://a.example/1");
    await insert(2, null, "No guid", "https://a.example/2");
    const store = openPostgresStore(url, { max: 2 });
    try {
      await store.ready();
      expect((await store.feeds.items(feed)).map((i) => [i.position, i.title, i.categories])).toEqual([
        [0, "Solar farm opens", ["Energy"]],
        // Places among the feed's current items (the repeat is gone).
        [1, "No guid", ["Energy"]],
      ]);
      expect((await store.feeds.search("solar", 10)).map((h) => h.item.title)).toEqual([
        "Solar farm opens",
        "No guid",
      ]);
    } finally {
      await store.close();
    }
  });

  it("two processes refreshing one feed at once store each item once, and both succeed", async () => {
    const url = await fresh();
    const feed = "https://a.example/feed";
    const [one, two] = [openPostgresStore(url, { max: 2 }), openPostgresStore(url, { max: 2 })];
    try {
      await Promise.all([
        one.feeds.syncFeeds(new Map([["local", [feed]]])),
        two.feeds.syncFeeds(new Map([["local", [feed]]])),
      ]);
      const items = Array.from({ length: 50 }, (_, i) => ({
        guid: `g${i}`,
        position: i,
        title: `Story ${i}`,
        excerpt: "",
        content: "",
        publishedAt: "2026-01-01T00:00:00.000Z",
        dated: true,
        readTime: 1,
      }));
      await Promise.all([
        one.feeds.saveSuccess(feed, { items }, "2026-01-01T00:00:00.000Z", "n"),
        two.feeds.saveSuccess(feed, { items }, "2026-01-01T00:00:01.000Z", "n"),
      ]);
      expect(await one.feeds.articleCount(feed)).toBe(50);
      expect((await two.feeds.items(feed)).map((i) => i.guid)).toEqual(items.map((i) => i.guid));
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
