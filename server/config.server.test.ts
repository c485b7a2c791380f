import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server.ts";

describe("parseConfig", () => {
  it("has working defaults", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.SITE_URL).toBe("http://localhost:3000");
    expect(c.DATA_DIR).toBe("./data");
    expect(c.FEED_REFRESH_MINUTES).toBe(10);
  });

  it("derives SITE_URL from PORT and trims a trailing slash", () => {
    expect(parseConfig({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseConfig({ SITE_URL: "https://news.example/" }).SITE_URL).toBe("https://news.example");
  });

  it("names each bad variable", () => {
    expect(() => parseConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "abc" })).toThrow(/PORT must be a number \(got "abc"\)/);
    expect(() => parseConfig({ PORT: "70000" })).toThrow(/PORT must be between 1 and 65535/);
    expect(() => parseConfig({ SITE_URL: "ftp://x" })).toThrow(/SITE_URL must be an absolute http\(s\) URL/);
    expect(() => parseConfig({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseConfig({ SAMPLE_FALLBACK: "maybe" })).toThrow(/SAMPLE_FALLBACK must be "on" or "off"/);
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ PORT: "", SITE_URL: "" }).PORT).toBe(3000);
  });
});
