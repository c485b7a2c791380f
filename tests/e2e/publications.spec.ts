/**
 * One deployment, several publications by host name (issue 30, ADR 0017): Chromium resolves every
 * *.localhost name to this machine, so each publication is a host of one server here. Every
 * scenario runs on both stores: SQLite, and PostgreSQL in a schema of its own.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { NEWS_FEEDS_PORT } from "#scripts/lib/feeds-config.ts";
import { openStore } from "#server/store/open.server.ts";
import { adminQuery, isCi, TEST_DATABASE_URL, urlWithSchema } from "#server/store/testing/scratch-schema.ts";
import { expect, expectAxeClean, test } from "./fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";

const feed = (name: string) => `http://127.0.0.1:${NEWS_FEEDS_PORT}/ok/${name}.xml`;

function writePublication(dir: string, slug: string, data: object) {
  mkdirSync(path.join(dir, slug), { recursive: true });
  writeFileSync(path.join(dir, slug, "publication.json"), JSON.stringify(data));
}

test.describe.configure({ mode: "serial" });

for (const kind of ["sqlite", "postgres"] as const) {
  test.describe(`on ${kind}`, () => {
    let app: AppServer;
    let dir: string;
    let port: string;
    /** PostgreSQL: the schema of this run. */
    let schema: string | undefined;
    const at = (host: string, pathname = "/") => `http://${host}:${port}${pathname}`;

    /**
     * A GET to this machine with the Host header a browser would send: Node (the test's own requests)
     * does not resolve *.localhost names as Chromium does.
     */
    function get(host: string, pathname = "/"): Promise<{ status: number; text: string }> {
      return new Promise((resolve, reject) => {
        const req = http.get(
          { host: "127.0.0.1", port, path: pathname, headers: { host: `${host}:${port}` } },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk) => {
              text += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", reject);
      });
    }

    test.beforeAll(async () => {
      if (kind === "postgres") {
        const problem = await adminQuery(TEST_DATABASE_URL, "SELECT 1").then(
          () => undefined,
          (error: Error) => error.message,
        );
        if (problem && isCi()) throw new Error(`PostgreSQL at TEST_DATABASE_URL: ${problem}`);
        test.skip(
          problem !== undefined,
          `PostgreSQL is not reachable (${problem}); \`. .ci/postgres\` starts it`,
        );
        schema = `t_${randomBytes(6).toString("hex")}`;
        await adminQuery(TEST_DATABASE_URL, `CREATE SCHEMA ${schema}`);
      }
      dir = mkdtempSync(path.join(tmpdir(), "publications-"));
      writePublication(dir, "harbour", {
        name: "The Harbour Courier",
        tagline: "Ferries, buses and bikes around the bay",
        hosts: ["harbour.localhost"],
        feeds: { local: [feed("local")], automotive: [feed("automotive")] },
        newsroomEmail: "desk@harbour.example",
        about: "The Harbour Courier follows the bay's ferries, buses and bikes.",
        accent: "#1d4ed8",
        timeZone: "Europe/Oslo",
        logo: "logo.svg",
      });
      writeFileSync(
        path.join(dir, "harbour", "logo.svg"),
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><circle cx="28" cy="28" r="26" fill="#1d4ed8"/></svg>',
      );
      writePublication(dir, "valley", {
        name: "Valley Volt",
        tagline: "Charging the valley",
        hosts: ["*.valley.localhost", "valley.localhost"],
        // The valley's local news is the national fixture feed: a section reads its own list.
        feeds: { local: [feed("national")], automotive: [feed("automotive")] },
      });
      writePublication(dir, "broken", { name: "Broken" });
      app = await startAppServer({
        PUBLICATIONS_DIR: dir,
        PUBLICATIONS_RELOAD_SECONDS: "1",
        ...(schema ? { DATABASE_URL: urlWithSchema(TEST_DATABASE_URL, schema) } : {}),
      });
      port = new URL(app.url).port;
    });

    test.afterAll(async () => {
      await app?.stop();
      if (schema) {
        await adminQuery(TEST_DATABASE_URL, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await adminQuery(TEST_DATABASE_URL, `DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      }
    });

    test("each host gets its own publication: masthead, footer, colour and its own feeds' headlines", async ({
      page,
    }) => {
      await page.goto(at("harbour.localhost"));
      await expect(page.getByRole("link", { name: "The Harbour Courier", exact: true })).toBeVisible();
      await expect(page.getByText("Ferries, buses and bikes around the bay")).toBeVisible();
      await expect(
        page.getByText("The Harbour Courier follows the bay's ferries, buses and bikes."),
      ).toBeVisible();
      await expect(page).toHaveTitle("The Harbour Courier");
      expect(await page.locator("html").getAttribute("style")).toContain("#1d4ed8");
      // Its logo, from its folder, above its name.
      const logo = page.getByRole("banner").locator('img[src="/publication-logo.svg"]');
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(page.getByText("Valley Volt")).toHaveCount(0);
      await expectAxeClean(page);

      await page.goto(at("harbour.localhost", "/local"));
      await expect(page.getByText("Local Fixture Courier").first()).toBeVisible();
      await expect(page.getByText("National Fixture Courier")).toHaveCount(0);

      // A wildcard host: any name below valley.localhost.
      await page.goto(at("www.valley.localhost", "/local"));
      await expect(page.getByRole("link", { name: "Valley Volt", exact: true })).toBeVisible();
      await expect(page.getByText("National Fixture Courier").first()).toBeVisible();
      await expect(page.getByText("Local Fixture Courier")).toHaveCount(0);
      await expect(page.getByText("The Harbour Courier")).toHaveCount(0);
    });

    test("a host that names no publication gets a plain 404 naming none; health answers on every host", async () => {
      const page = await get("nowhere.localhost");
      expect(page.status).toBe(404);
      expect(page.text).toContain("No publication is served at this address.");
      for (const name of ["Harbour", "Valley", "Electric Ledger"]) expect(page.text).not.toContain(name);
      expect((await get("nowhere.localhost", "/healthz")).status).toBe(200);
      expect((await get("nowhere.localhost", "/readyz")).status).toBe(200);
      // A publication's file is its own: the valley has no logo.
      expect((await get("valley.localhost", "/publication-logo.svg")).status).toBe(404);
    });

    test("each publication's feed, sitemap, robots.txt and llms.txt name its own address", async () => {
      const rss = (await get("harbour.localhost", "/rss.xml")).text;
      expect(rss).toContain("<title>The Harbour Courier</title>");
      expect(rss).toContain(`<link>http://harbour.localhost:${port}/blog</link>`);
      expect(rss).toContain("desk@harbour.example");
      const robots = (await get("www.valley.localhost", "/robots.txt")).text;
      // A wildcard-only publication would be addressed by the asked name; the valley has an exact one.
      expect(robots).toContain(`Sitemap: http://valley.localhost:${port}/sitemap.xml`);
      const sitemap = (await get("valley.localhost", "/sitemap.xml")).text;
      expect(sitemap).toContain(`<loc>http://valley.localhost:${port}/local</loc>`);
      expect(sitemap).not.toContain("harbour");
      const llms = (await get("harbour.localhost", "/llms.txt")).text;
      expect(llms.split("\n")[0]).toBe("# The Harbour Courier");
    });

    test("a message sent on one publication is that publication's, for its newsroom", async ({ page }) => {
      await page.goto(at("valley.localhost", "/contact"));
      const main = page.getByRole("main");
      await main.getByRole("textbox", { name: "Name" }).fill("Bo Reader");
      await main.getByRole("textbox", { name: "Email" }).fill("bo@example.com");
      await main.getByRole("textbox", { name: "Subject" }).fill("A charger on Main Street");
      await main
        .getByRole("textbox", { name: "Message" })
        .fill("A new fast charger opened on Main Street this morning.");
      await main.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Message Sent", { exact: true })).toBeVisible();
      // The server's own store, read as the messages CLI reads it.
      const { store } = openStore({
        dataDir: app.dataDir,
        databaseUrl: schema ? urlWithSchema(TEST_DATABASE_URL, schema) : undefined,
      });
      try {
        const subjects = async (slug: string) =>
          (await store.publication(slug).messages.list()).map((m) => m.subject);
        expect(await subjects("valley")).toContain("A charger on Main Street");
        expect(await subjects("harbour")).not.toContain("A charger on Main Street");
      } finally {
        await store.close();
      }
      await page.goto(at("harbour.localhost", "/contact"));
      await expect(page.getByRole("link", { name: "desk@harbour.example" })).toBeVisible();
    });

    test("a new publication folder serves within moments, with no restart", async ({ page }) => {
      writePublication(dir, "fresh", {
        name: "Fresh Tidings",
        tagline: "Just arrived",
        hosts: ["fresh.localhost"],
        feeds: { local: [feed("local")] },
      });
      await expect.poll(async () => (await get("fresh.localhost")).status, { timeout: 30_000 }).toBe(200);
      await page.goto(at("fresh.localhost"));
      await expect(page.getByRole("link", { name: "Fresh Tidings", exact: true })).toBeVisible();
    });
  });
}
