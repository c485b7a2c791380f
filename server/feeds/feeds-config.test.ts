import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FEED_SECTION_KEYS } from "../../app/lib/sections.ts";
import { FeedsConfigError } from "./errors.ts";
import { loadFeedsConfig } from "./feeds-config.server.ts";
import { feedsBySection, parseFeedsConfig } from "./feeds-config.ts";

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
    ["an array", "[]", /expected an object mapping section keys/],
    ["an unknown section key", '{"weather": ["https://a.example/"]}', /unknown section key "weather"/],
    ["events, which has no feeds", '{"events": ["https://a.example/"]}', /unknown section key "events"/],
    ["a non-array value", '{"local": "https://a.example/"}', /"local" must be a non-empty array/],
    ["an empty list", '{"local": []}', /"local" must be a non-empty array/],
    ["a non-string URL", '{"local": [42]}', /"local" must be a non-empty array of feed URL strings/],
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
