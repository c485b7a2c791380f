import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, fixture, respond, startFeedServer } from "#server/ingest/testing/feed-server.ts";
import { openTestStore, storeKinds } from "#server/store/testing/stores.ts";

const kinds = await storeKinds();

const root = join(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "feeds-cli-"));
let server: FeedServer;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = await startFeedServer({
    "/a.xml": respond(fixture("rss2-basic.xml")),
    "/b.xml": respond(fixture("atom.xml")),
    "/bad.xml": respond(fixture("invalid.xml")),
  });
  const config = join(dir, "feeds.json");
  writeFileSync(
    config,
    JSON.stringify({
      local: [server.url("/a.xml")],
      sports: [server.url("/a.xml"), server.url("/b.xml"), server.url("/missing.xml")],
      world: [server.url("/bad.xml")],
    }),
  );
  env = { ...process.env, DATA_DIR: join(dir, "data"), FEEDS_CONFIG: config, LOG_LEVEL: "silent" };
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliIn({}, ...args);
}

/** The CLI with extra environment (another store). */
function cliIn(
  extra: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, "scripts/feeds.ts"), ...args],
      { env: { ...env, ...extra }, cwd: root },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

// Each case starts Node processes; a loaded machine can take seconds for that alone.
describe("scripts/feeds.ts", { timeout: 60_000 }, () => {
  it("parse <file>: prints the feed's Articles as JSON (section default local)", async () => {
    const { code, stdout, stderr } = await cli("parse", join(root, "tests/fixtures/feeds/rss2-basic.xml"));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const articles = JSON.parse(stdout);
    expect(articles).toHaveLength(5);
    expect(articles[0]).toMatchObject({ category: "Local News", featured: true });
  });

  it("parse <url> --section: fetches the URL and uses the section", async () => {
    const { code, stdout } = await cli("parse", server.url("/b.xml"), "--section", "world");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)[0]).toMatchObject({ category: "World News" });
  });

  it("parse: errors in the catalogue's words on stderr, non-zero exit", async () => {
    const [bad, missing, section] = await Promise.all([
      cli("parse", join(root, "tests/fixtures/feeds/invalid.xml")),
      cli("parse", server.url("/missing.xml")),
      cli("parse", join(root, "tests/fixtures/feeds/rdf.xml"), "--section", "weather"),
    ]);
    expect(bad).toMatchObject({ code: 1, stdout: "", stderr: "Failed to parse RSS XML\n" });
    expect(missing).toMatchObject({ code: 1, stderr: "HTTP error! status: 404\n" });
    expect(section).toMatchObject({ code: 1, stderr: "No RSS feed configured for section: weather\n" });
  });

  it("section KEY --limit N: live articles by the section rule; a failing feed is reported and skipped", async () => {
    const { code, stdout, stderr } = await cli("section", "sports", "--limit", "4");
    expect(code).toBe(0);
    const articles = JSON.parse(stdout);
    expect(articles).toHaveLength(4);
    expect(articles.every((a: { category: string }) => a.category === "Sports")).toBe(true);
    expect(stderr).toBe(`${server.url("/missing.xml")}: HTTP error! status: 404\n`);
  });

  it("section: unknown section and a section whose only feed fails exit non-zero", async () => {
    const [health, world] = await Promise.all([cli("section", "health"), cli("section", "world")]);
    expect(health).toMatchObject({ code: 1, stderr: "No RSS feed configured for section: health\n" });
    expect(world.code).toBe(1);
    expect(JSON.parse(world.stdout)).toEqual([]);
    expect(world.stderr).toBe(`${server.url("/bad.xml")}: Failed to parse RSS XML\n`);
  });

  it.each(kinds)("refresh then status: fills the store (%s) and reports each feed", async (kind) => {
    const t = await openTestStore(kind);
    try {
      await refreshThenStatus(t.env);
    } finally {
      await t.dispose();
    }
  });

  async function refreshThenStatus(store: Record<string, string>) {
    const cli = (...args: string[]) => cliIn(store, ...args);
    const refresh = await cli("refresh");
    expect(refresh.code).toBe(1);
    // One outcome per URL, in the spec's section order (local, world, then sports' own two).
    expect(JSON.parse(refresh.stdout).map((o: { url: string; status: string }) => [o.url, o.status])).toEqual(
      [
        [server.url("/a.xml"), "updated"],
        [server.url("/bad.xml"), "failed"],
        [server.url("/b.xml"), "updated"],
        [server.url("/missing.xml"), "failed"],
      ],
    );
    expect(refresh.stderr).toContain("HTTP error! status: 404");
    const status = await cli("status");
    expect(status.code).toBe(0);
    const feeds = JSON.parse(status.stdout);
    expect(feeds[0]).toMatchObject({
      url: server.url("/a.xml"),
      sections: ["local", "sports"],
      articleCount: 5,
    });
    expect(feeds.find((f: { url: string }) => f.url === server.url("/bad.xml")).lastError).toBe(
      "Failed to parse RSS XML",
    );
  }

  it.each(kinds)(
    "status and refresh with another FEEDS_CONFIG leave the other feeds and their articles (%s)",
    async (kind) => {
      const t = await openTestStore(kind);
      try {
        // The servers' configuration: a feed the CLI's own list does not name, with an article.
        const other = "https://other.example/feed.xml";
        const a = server.url("/a.xml");
        await t.store.feeds.syncFeeds(
          new Map([
            ["local", [a]],
            ["world", [other]],
          ]),
        );
        const story = { title: "Kept", excerpt: "", content: "", readTime: 1, dated: true };
        const at = "2024-05-01T10:00:00.000Z";
        // And an item that has left it: archived, and older than any retention the CLI could have.
        const old = {
          ...story,
          title: "Archived",
          guid: "archived",
          position: 1,
          publishedAt: "2020-01-01T00:00:00.000Z",
        };
        await t.store.feeds.saveSuccess(
          other,
          { items: [{ ...story, guid: "kept", position: 0, publishedAt: at }, old] },
          at,
          at,
        );
        await t.store.feeds.saveSuccess(
          other,
          { items: [{ ...story, guid: "kept", position: 0, publishedAt: at }] },
          at,
          at,
        );
        const narrower = join(dir, `narrower-${kind}.json`);
        writeFileSync(narrower, JSON.stringify({ sports: [server.url("/b.xml"), a] }));
        const cli = (...args: string[]) => cliIn({ ...t.env, FEEDS_CONFIG: narrower }, ...args);
        expect((await cli("status")).code).toBe(0);
        const refresh = await cli("refresh");
        expect(refresh.code).toBe(0);
        expect(JSON.parse(refresh.stdout).map((o: { url: string }) => o.url)).toEqual([
          server.url("/b.xml"),
          a,
        ]);
        // Every feed is still there with the servers' sections; the CLI's new feed is added beside them.
        const feeds = await t.store.feeds.feeds();
        expect(feeds.map((f) => [f.url, f.sections])).toEqual([
          [a, ["local"]],
          [other, ["world"]],
          [server.url("/b.xml"), []],
        ]);
        // The archive is the servers' to prune, by their ARTICLE_RETENTION_DAYS, not the CLI's.
        expect(await t.store.feeds.articleCount(other)).toBe(2);
        expect(await t.store.feeds.articleCount(a)).toBe(5);
      } finally {
        await t.dispose();
      }
    },
  );

  it("prints usage for an unknown command and exits 2", async () => {
    const { code, stderr } = await cli("dance");
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Usage:/);
  });
});
