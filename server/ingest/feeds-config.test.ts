import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";
import { FeedsConfigError } from "./errors.ts";
import { loadFeedsConfig } from "./feeds-config.server.ts";
import { feedsBySection, MAX_FEED_URL_LENGTH, parseFeedsConfig } from "./feeds-config.ts";

const dir = mkdtempSync(join(tmpdir(), "feeds-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("parseFeedsConfig", () => {
  it("returns sections in the spec's order with normalised URLs", () => {
    const config = parseFeedsConfig(
      JSON.stringify({ world: ["https://w.example/rss"], local: ["HTTPS://L.example/feed.xml"] }),
      "test.json",
    );
    expect([...config.keys()]).toEqual(["local", "world"]);
    expect(config.get("local")).toEqual(["https://l.example/feed.xml"]);
  });

  it.each([
    ["invalid JSON", "{ nope", /Feeds config test\.json: invalid JSON/],
    ["an array", "[]", /expected an object mapping section keys .*, got an array/],
    ["null", "null", /expected an object .*, got null/],
    ["a number", "42", /expected an object .*, got number/],
    [
      "a URL longer than PostgreSQL's index takes",
      JSON.stringify({ local: ["https://a.example/", `https://a.example/${"x".repeat(2100)}`] }),
      /"local" entry 2 is a URL of 2118 characters, longer than the 2048 allowed: "https:\/\/a\.example\/x+… \(2118 characters\)/,
    ],
    [
      "an unknown section key",
      '{"weather": ["https://a.example/"]}',
      /unknown section key "weather" \(feed sections are: local, national, .*, opinion, archives\)$/,
    ],
    [
      "a section key spelt otherwise",
      '{"Real_Estate": ["https://a.example/"]}',
      /unknown section key "Real_Estate" \(did you mean "realestate"\? feed sections are: local, /,
    ],
    [
      "events, which has no feeds",
      '{"events": ["https://a.example/"]}',
      /section "events" takes no feeds \(feed sections are: local, .*, archives\)$/,
    ],
    ["a non-array value", '{"local": "https://a.example/"}', /"local" must be a non-empty array/],
    ["an empty list", '{"local": []}', /"local" must be a non-empty array/],
    [
      "a non-string URL",
      '{"local": [42]}',
      /"local" entry 1 must be a feed URL string or a \{ "url", "name" \} object/,
    ],
    ["an object without a url", '{"local": [{"name": "Gazette"}]}', /"local" entry 1 needs a "url" string/],
    [
      "an object with an unknown field",
      '{"local": [{"url": "https://a.example/", "title": "Gazette"}]}',
      /"local" entry 1 has an unknown field "title" \(fields: url, name\)/,
    ],
    [
      "a name that is not a string",
      '{"local": ["https://b.example/", {"url": "https://a.example/", "name": 7}]}',
      /"local" entry 2 has a "name" that is not a string/,
    ],
    [
      "an empty name",
      '{"local": [{"url": "https://a.example/", "name": "  "}]}',
      /"local" entry 1 has an empty "name" \(leave it out to use the feed's own title\)/,
    ],
    [
      "a name longer than 100 characters",
      JSON.stringify({ local: [{ url: "https://a.example/", name: "N".repeat(101) }] }),
      /"local" entry 1 has a "name" of 101 characters, longer than the 100 allowed: "N+… \(101 characters\)$/,
    ],
    [
      "a name with markup",
      '{"local": [{"url": "https://a.example/", "name": "<b>Gazette</b>"}]}',
      /"local" entry 1 has a "name" that is not plain text \(no markup or line breaks\): "<b>Gazette<\/b>"/,
    ],
    [
      "a name with a line break",
      '{"local": [{"url": "https://a.example/", "name": "Riverton\\nGazette"}]}',
      /"local" entry 1 has a "name" that is not plain text/,
    ],
    [
      "one feed with two names",
      JSON.stringify({
        local: [{ url: "https://a.example/", name: "Gazette" }],
        world: [{ url: "https://a.example/", name: "Herald" }],
      }),
      /"world" entry 1 names https:\/\/a\.example\/ "Herald", another entry names it "Gazette"/,
    ],
    [
      "an object whose URL is not http(s)",
      '{"local": [{"url": "ftp://a.example/", "name": "Gazette"}]}',
      /"local" has a non-http\(s\) URL: "ftp:\/\/a\.example\/"/,
    ],
    [
      "a non-http(s) URL",
      '{"local": ["ftp://a.example/feed"]}',
      /"local" has a non-http\(s\) URL: "ftp:\/\/a\.example\/feed"/,
    ],
    ["a javascript: URL", '{"local": ["javascript:alert(1)"]}', /non-http\(s\) URL/],
    ["something that is no URL", '{"local": ["not a url"]}', /"local" has an invalid URL: "not a url"/],
    [
      "a URL listed twice",
      '{"local": ["https://a.example/", "https://a.example/"]}',
      /lists https:\/\/a\.example\/ twice/,
    ],
  ])("rejects %s, naming the problem", (_what, json, message) => {
    expect(() => parseFeedsConfig(json, "test.json")).toThrow(FeedsConfigError);
    expect(() => parseFeedsConfig(json, "test.json")).toThrow(message);
  });

  it("takes { url, name } entries beside plain URLs: the name trimmed, keyed by the normalised URL", () => {
    const config = parseFeedsConfig(
      JSON.stringify({
        local: ["https://l.example/rss", { url: " HTTPS://G.example/feed ", name: "  Riverton Gazette " }],
        world: [
          { url: "https://w.example/rss" },
          { url: "https://g.example/feed", name: "Riverton Gazette" },
        ],
      }),
      "test.json",
    );
    expect(config.get("local")).toEqual(["https://l.example/rss", "https://g.example/feed"]);
    expect(config.get("world")).toEqual(["https://w.example/rss", "https://g.example/feed"]);
    expect([...(config.names ?? [])]).toEqual([["https://g.example/feed", "Riverton Gazette"]]);
  });

  it("takes a name of exactly 100 characters, and AT&T's ampersand", () => {
    const name = `AT&T ${"x".repeat(95)}`;
    const config = parseFeedsConfig(JSON.stringify({ local: [{ url: "https://a.example/", name }] }), "x");
    expect(config.names?.get("https://a.example/")).toBe(name);
  });

  it("takes a file that starts with a byte order mark", () => {
    const config = parseFeedsConfig(`\uFEFF${JSON.stringify({ local: ["https://a.example/"] })}`, "x");
    expect([...config]).toEqual([["local", ["https://a.example/"]]]);
  });

  it("takes a URL of exactly the longest length", () => {
    const url = `https://a.example/${"x".repeat(MAX_FEED_URL_LENGTH - 18)}`;
    expect(url).toHaveLength(MAX_FEED_URL_LENGTH);
    expect(parseFeedsConfig(JSON.stringify({ local: [url] }), "x").get("local")).toEqual([url]);
  });

  it("says a long unknown key and JSON error in one short line", () => {
    const key = "k".repeat(5000);
    expect(() => parseFeedsConfig(JSON.stringify({ [key]: [] }), "x")).toThrow(
      /unknown section key "k+… \(5000 characters\)/,
    );
    for (const json of [JSON.stringify({ [key]: [] }), `{\n"a":\n\n${"x".repeat(5000)}`]) {
      try {
        parseFeedsConfig(json, "x");
      } catch (error) {
        expect((error as Error).message).not.toContain("\n");
        expect((error as Error).message.length).toBeLessThan(400);
      }
    }
  });

  it("lists each URL once with every section that shows it", () => {
    const config = parseFeedsConfig(
      JSON.stringify({
        local: ["https://a.example/", "https://b.example/"],
        national: ["https://a.example/"],
      }),
      "x",
    );
    expect([...feedsBySection(config)]).toEqual([
      ["https://a.example/", ["local", "national"]],
      ["https://b.example/", ["local"]],
    ]);
  });
});

describe("loadFeedsConfig", () => {
  it("reads the file a path names (FEEDS_CONFIG)", () => {
    const file = join(dir, "feeds.json");
    writeFileSync(file, JSON.stringify({ health: ["http://127.0.0.1:9/health.xml"] }));
    expect([...loadFeedsConfig(file)]).toEqual([["health", ["http://127.0.0.1:9/health.xml"]]]);
  });

  it("names a directory and a file too large to be a feed list", () => {
    expect(() => loadFeedsConfig(dir)).toThrow(/: is a directory, not a file/);
    const big = join(dir, "big.json");
    writeFileSync(big, " ".repeat(2 * 1024 * 1024));
    expect(() => loadFeedsConfig(big)).toThrow(/big\.json: the file is 2097152 bytes, more than the 1048576/);
  });

  it("names a missing file and a bad one", () => {
    expect(() => loadFeedsConfig(join(dir, "missing.json"))).toThrow(
      /missing\.json: cannot read the file \(ENOENT\)/,
    );
    const bad = join(dir, "bad.json");
    writeFileSync(bad, '{"local": ["file:///etc/passwd"]}');
    expect(() => loadFeedsConfig(bad)).toThrow(/bad\.json: "local" has a non-http\(s\) URL/);
  });
});

describe("content/feeds.json", () => {
  const config = loadFeedsConfig();

  it("configures every feed section (local … archives), none for events", () => {
    expect([...config.keys()]).toEqual(FEED_SECTION_KEYS);
  });

  it("names every feed's publisher as readers know it (a channel's own title may read 'NYT > World News')", () => {
    const urls = [...new Set([...config.values()].flat())];
    expect(urls.filter((url) => !config.names?.get(url))).toEqual([]);
    expect(config.names?.get("https://electrek.co/feed/")).toBe("Electrek");
  });

  it("merges five sports feeds, gives opinion one columnist, and leans automotive to EVs", () => {
    expect(config.get("sports")).toHaveLength(5);
    for (const sport of ["Baseball", "Tennis", "Golf", "Hockey", "Soccer"]) {
      expect(config.get("sports")?.some((u) => u.includes(sport))).toBe(true);
    }
    expect(config.get("opinion")).toHaveLength(1);
    expect(config.get("automotive")?.join(" ")).toMatch(/electrek|insideevs|cleantechnica/);
  });

  it("takes food, lifestyle and archives from other sites than the main publisher", () => {
    const host = (url: string) => new URL(url).hostname.split(".").slice(-2).join(".");
    const main = host(config.get("local")?.[0] ?? "");
    for (const section of ["food", "lifestyle", "archives"] as const) {
      for (const url of config.get(section) ?? []) expect(host(url)).not.toBe(main);
    }
  });
});
