import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundledIdentity } from "./bundled.server.ts";
import { readPublicationsDir } from "./publication-dir.server.ts";
import { createPublications } from "./registry.server.ts";

let dir: string;
const logged: string[] = [];
const log = {
  info: (_f: object, m: string) => logged.push(m),
  warn: (_f: object, m: string) => logged.push(m),
};

function write(slug: string, data: unknown, when = Date.now()) {
  mkdirSync(join(dir, slug), { recursive: true });
  const file = join(dir, slug, "publication.json");
  writeFileSync(file, typeof data === "string" ? data : JSON.stringify(data));
  // A distinct time for every write: a reload tells changes by size and time.
  utimesSync(file, when / 1000, when / 1000);
}

const pub = (name: string, hosts: string[], url = "https://feeds.example/a.xml") => ({
  name,
  tagline: `${name} tagline`,
  hosts,
  feeds: { local: [url] },
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pubs-"));
  logged.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("publications directory", () => {
  it("serves each good folder by its hosts and names each bad one with its reason", () => {
    write("alpha", pub("Alpha", ["alpha.localhost"]));
    write("beta", pub("Beta", ["*.beta.localhost", "beta.localhost"]));
    write("broken", "{ not json");
    write("Bad_Name", pub("Bad", ["bad.localhost"]));
    mkdirSync(join(dir, "empty"));
    write("thief", pub("Thief", ["alpha.localhost", "thief.localhost"]));
    const reading = readPublicationsDir(dir, bundledIdentity);
    expect(reading.publications.map((p) => p.slug)).toEqual(["alpha", "beta"]);
    expect(reading.problems).toEqual([
      { slug: "Bad_Name", reason: expect.stringContaining("a folder's name is its slug") },
      { slug: "broken", reason: expect.stringContaining("publication.json is not valid JSON") },
      { slug: "empty", reason: "publication.json is missing" },
      { slug: "thief", reason: `host "alpha.localhost" is already alpha's` },
    ]);
  });

  it("resolves hosts, falls back to DEFAULT_PUBLICATION, and answers none for an unknown host without one", () => {
    write("alpha", pub("Alpha", ["alpha.localhost"]));
    write("beta", pub("Beta", ["*.beta.localhost", "beta.localhost"]));
    const plain = createPublications({ dir, log });
    expect(plain.current().resolve("alpha.localhost:3000")?.slug).toBe("alpha");
    expect(plain.current().resolve("x.beta.localhost")?.slug).toBe("beta");
    expect(plain.current().resolve("localhost:3000")).toBeUndefined();
    const fallback = createPublications({ dir, log, defaultSlug: "beta" });
    expect(fallback.current().resolve("localhost:3000")?.slug).toBe("beta");
    createPublications({ dir, log, defaultSlug: "gamma" });
    expect(logged.some((m) => m.includes('DEFAULT_PUBLICATION names "gamma"'))).toBe(true);
  });

  it("without PUBLICATIONS_DIR serves the bundled site on every host", () => {
    const bundled = createPublications({ log });
    expect(bundled.fromDir).toBe(false);
    expect(bundled.current().resolve("anything.example")?.slug).toBe("electric-ledger");
    expect(bundled.current().resolve(undefined)?.identity.title).toBe("The Electric Ledger");
  });

  it("takes a new, changed or removed folder on reload, and keeps serving the last good version of one turned bad", async () => {
    const t = Date.now() - 60_000;
    write("alpha", pub("Alpha", ["alpha.localhost"]), t);
    write("beta", pub("Beta", ["beta.localhost"]), t);
    const publications = createPublications({ dir, log });
    const changes: number[] = [];
    publications.onChange((now) => changes.push(now.version));
    expect(await publications.reload()).toBe(false);

    write("gamma", pub("Gamma", ["gamma.localhost"]), t + 1000);
    write("alpha", pub("Alpha Renamed", ["alpha.localhost"]), t + 2000);
    rmSync(join(dir, "beta"), { recursive: true });
    expect(await publications.reload()).toBe(true);
    const now = publications.current();
    expect([...now.bySlug.keys()]).toEqual(["alpha", "gamma"]);
    expect(now.resolve("alpha.localhost")?.identity.title).toBe("Alpha Renamed");
    expect(now.resolve("beta.localhost")).toBeUndefined();
    expect(now.resolve("gamma.localhost")?.slug).toBe("gamma");

    write("alpha", '{"name": ', t + 3000);
    expect(await publications.reload()).toBe(true);
    expect(publications.current().resolve("alpha.localhost")?.identity.title).toBe("Alpha Renamed");
    expect(publications.current().problems[0]).toMatchObject({
      slug: "alpha",
      reason: expect.stringContaining("its last good version keeps serving"),
    });
    expect(changes).toEqual([2, 3]);
    // A problem is logged when it appears, not at every check.
    const warnings = logged.filter((m) => m.startsWith('publication "alpha"')).length;
    write("gamma", pub("Gamma 2", ["gamma.localhost"]), t + 4000);
    await publications.reload();
    expect(logged.filter((m) => m.startsWith('publication "alpha"')).length).toBe(warnings);
  });

  it("a new folder never takes a host a served publication has", async () => {
    write("zulu", pub("Zulu", ["shared.localhost"]), Date.now() - 5000);
    const publications = createPublications({ dir, log });
    write("alpha", pub("Alpha", ["shared.localhost"]));
    await publications.reload();
    expect(publications.current().resolve("shared.localhost")?.slug).toBe("zulu");
    expect(publications.current().problems).toEqual([
      { slug: "alpha", reason: `host "shared.localhost" is already zulu's` },
    ]);
  });

  it("an edited folder cannot take a host another publication serves; a broken one keeps its rows", async () => {
    const t = Date.now() - 60_000;
    write("alpha", pub("Alpha", ["alpha.localhost"]), t);
    write("beta", pub("Beta", ["beta.localhost"]), t);
    write("gamma", "{ broken", t);
    const publications = createPublications({ dir, log });
    expect(publications.current().refused).toEqual(["gamma"]);
    // Alpha sorts first and now claims beta's host too: beta keeps it, alpha keeps its last version.
    write("alpha", pub("Alpha", ["alpha.localhost", "beta.localhost"]), t + 1000);
    await publications.reload();
    const now = publications.current();
    expect(now.resolve("beta.localhost")?.slug).toBe("beta");
    expect(now.resolve("alpha.localhost")?.hosts).toEqual(["alpha.localhost"]);
    expect(now.problems).toContainEqual({
      slug: "alpha",
      reason: `host "beta.localhost" is already beta's (its last good version keeps serving)`,
    });
    expect(now.refused).toEqual(["gamma"]);
  });

  it("notices a blog/ or a logo added to a folder, not only an edited publication.json", async () => {
    write("alpha", pub("Alpha", ["alpha.localhost"]), Date.now() - 60_000);
    const publications = createPublications({ dir, log });
    expect(publications.current().bySlug.get("alpha")?.blogDir).toBeUndefined();
    mkdirSync(join(dir, "alpha", "blog"));
    // The folder's time changes with its entries; a test this quick may share its millisecond.
    utimesSync(join(dir, "alpha"), new Date(), new Date(Date.now() + 2000));
    expect(await publications.reload()).toBe(true);
    expect(publications.current().bySlug.get("alpha")?.blogDir).toBe(join(dir, "alpha", "blog"));
  });
});
