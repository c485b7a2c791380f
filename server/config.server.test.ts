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

  it("reads the archive's retention and the ingest mode", () => {
    expect(parseConfig({}).ARTICLE_RETENTION_DAYS).toBe(30);
    expect(parseConfig({}).FEEDS_INGEST).toBe("worker");
    expect(parseConfig({ ARTICLE_RETENTION_DAYS: "7", FEEDS_INGEST: "inline" })).toMatchObject({
      ARTICLE_RETENTION_DAYS: 7,
      FEEDS_INGEST: "inline",
    });
    expect(() => parseConfig({ ARTICLE_RETENTION_DAYS: "0" })).toThrow(
      /ARTICLE_RETENTION_DAYS must be at least 1/,
    );
    expect(() => parseConfig({ ARTICLE_RETENTION_DAYS: "x" })).toThrow(
      /ARTICLE_RETENTION_DAYS must be a number/,
    );
    expect(() => parseConfig({ FEEDS_INGEST: "thread" })).toThrow(
      /FEEDS_INGEST must be "worker" or "inline"/,
    );
  });

  it("reads the ingest worker's nice value: 10 unless told, 0 to 19", () => {
    expect(parseConfig({}).INGEST_NICE).toBe(10);
    expect(parseConfig({ INGEST_NICE: "0" }).INGEST_NICE).toBe(0);
    expect(() => parseConfig({ INGEST_NICE: "20" })).toThrow(/INGEST_NICE must be at most 19/);
    expect(() => parseConfig({ INGEST_NICE: "-5" })).toThrow(/INGEST_NICE must be 0 or more/);
  });

  it("reads the log format: auto unless told, json or text; anything else is named", () => {
    expect(parseConfig({}).LOG_FORMAT).toBe("auto");
    expect(parseConfig({ LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
    expect(() => parseConfig({ LOG_FORMAT: "pretty" })).toThrow(
      /LOG_FORMAT must be "auto", "json" or "text"/,
    );
  });

  it("reads the page cache's byte budget: unset (a share of the heap) or 1 to 4096 MiB", () => {
    expect(parseConfig({}).PAGE_CACHE_MB).toBeUndefined();
    expect(parseConfig({ PAGE_CACHE_MB: "32" }).PAGE_CACHE_MB).toBe(32);
    expect(() => parseConfig({ PAGE_CACHE_MB: "0" })).toThrow(/PAGE_CACHE_MB must be at least 1/);
    expect(() => parseConfig({ PAGE_CACHE_MB: "lots" })).toThrow(/PAGE_CACHE_MB must be a number/);
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

  it("reads the radio settings, with the spec's port 8076 and 200 listeners by default", () => {
    const c = parseConfig({});
    expect(c.RADIO_STREAM_URL).toBeUndefined();
    expect(c.RADIO_ALLOWED_PORTS).toEqual([8076]);
    expect(c.RADIO_MAX_LISTENERS).toBe(200);
    const set = parseConfig({
      RADIO_STREAM_URL: "http://radio.example:{port}/stream",
      RADIO_ALLOWED_PORTS: "8076, 8080,8076",
      RADIO_MAX_LISTENERS: "50",
    });
    expect(set.RADIO_STREAM_URL).toBe("http://radio.example:{port}/stream");
    expect(set.RADIO_ALLOWED_PORTS).toEqual([8076, 8080]);
    expect(set.RADIO_MAX_LISTENERS).toBe(50);
    expect(parseConfig({ RADIO_STREAM_URL: "https://radio.example/live" }).RADIO_STREAM_URL).toBe(
      "https://radio.example/live",
    );
  });

  it("names bad radio settings", () => {
    expect(() => parseConfig({ RADIO_STREAM_URL: "ftp://radio.example/{port}" })).toThrow(
      /RADIO_STREAM_URL must be an http\(s\) URL/,
    );
    expect(() => parseConfig({ RADIO_STREAM_URL: "radio.example:{port}" })).toThrow(/RADIO_STREAM_URL/);
    expect(() => parseConfig({ RADIO_ALLOWED_PORTS: "8076,http" })).toThrow(
      /RADIO_ALLOWED_PORTS must be a comma-separated list of ports/,
    );
    expect(() => parseConfig({ RADIO_ALLOWED_PORTS: "70000" })).toThrow(/RADIO_ALLOWED_PORTS/);
    expect(() => parseConfig({ RADIO_ALLOWED_PORTS: "8076," })).toThrow(/RADIO_ALLOWED_PORTS/);
    expect(() => parseConfig({ RADIO_MAX_LISTENERS: "0" })).toThrow(/RADIO_MAX_LISTENERS must be at least 1/);
    expect(() => parseConfig({ RADIO_MAX_LISTENERS: "lots" })).toThrow(
      /RADIO_MAX_LISTENERS must be a number/,
    );
  });

  it("reads the AI FAQ service overrides and the contact rate limit", () => {
    const c = parseConfig({});
    expect(c.AI_FAQ_ENDPOINT).toBeUndefined();
    expect(c.AI_FAQ_MODEL).toBeUndefined();
    expect(c.CONTACT_RATE_LIMIT).toBe(5);
    expect(c.CONTACT_RATE_WINDOW_MINUTES).toBe(10);
    const set = parseConfig({
      AI_FAQ_ENDPOINT: "http://127.0.0.1:4422/chat/completions",
      AI_FAQ_MODEL: "sonar-pro",
      CONTACT_RATE_LIMIT: "0",
      CONTACT_RATE_WINDOW_MINUTES: "1.5",
    });
    expect(set.AI_FAQ_ENDPOINT).toBe("http://127.0.0.1:4422/chat/completions");
    expect(set.AI_FAQ_MODEL).toBe("sonar-pro");
    expect(set.CONTACT_RATE_LIMIT).toBe(0);
    expect(set.CONTACT_RATE_WINDOW_MINUTES).toBe(1.5);
  });

  it("reads SEARCH_RATE_LIMIT: 30 searches a minute per client by default, 0 for none, names a bad one", () => {
    expect(parseConfig({}).SEARCH_RATE_LIMIT).toBe(30);
    expect(parseConfig({ SEARCH_RATE_LIMIT: "0" }).SEARCH_RATE_LIMIT).toBe(0);
    expect(() => parseConfig({ SEARCH_RATE_LIMIT: "-1" })).toThrow(/SEARCH_RATE_LIMIT must be 0 \(off\)/);
    expect(() => parseConfig({ SEARCH_RATE_LIMIT: "2.5" })).toThrow(
      /SEARCH_RATE_LIMIT must be a whole number/,
    );
  });

  it("names bad AI FAQ and contact settings", () => {
    expect(() => parseConfig({ AI_FAQ_ENDPOINT: "ftp://ai.example" })).toThrow(
      /AI_FAQ_ENDPOINT must be an absolute http\(s\) URL/,
    );
    expect(() => parseConfig({ AI_FAQ_ENDPOINT: "api.perplexity.ai" })).toThrow(/AI_FAQ_ENDPOINT/);
    expect(() => parseConfig({ CONTACT_RATE_LIMIT: "-1" })).toThrow(/CONTACT_RATE_LIMIT must be 0 \(off\)/);
    expect(() => parseConfig({ CONTACT_RATE_LIMIT: "many" })).toThrow(/CONTACT_RATE_LIMIT must be a number/);
    expect(() => parseConfig({ CONTACT_RATE_WINDOW_MINUTES: "0" })).toThrow(
      /CONTACT_RATE_WINDOW_MINUTES must be more than 0/,
    );
  });

  it("DATABASE_URL selects PostgreSQL: postgres:// or postgresql:// only, never echoing a password", () => {
    expect(parseConfig({}).DATABASE_URL).toBeUndefined();
    for (const url of [
      "postgres://u:p@127.0.0.1:5432/evnews",
      "postgresql://db.example/evnews?sslmode=require",
    ]) {
      expect(parseConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
    for (const bad of [
      "mysql://u:secret@db/evnews",
      "./data/news.db",
      "postgres//nohost",
      "http://u:secret@db/x",
    ]) {
      let message = "";
      try {
        parseConfig({ DATABASE_URL: bad });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message, bad).toMatch(
        /DATABASE_URL must be a PostgreSQL URL such as postgres:\/\/user:password@127\.0\.0\.1:5432\/evnews \(postgres:\/\/ or postgresql:\/\/\)/,
      );
      expect(message, bad).not.toContain("secret");
    }
  });

  it("mail: SMTP_URL (smtp:// or smtps://), MAIL_FROM (one address), NEWSLETTER_SEND_AT (HH:MM or off), NEWSLETTER_SEND_RATE", () => {
    const c = parseConfig({});
    expect([c.SMTP_URL, c.MAIL_FROM, c.NEWSLETTER_SEND_AT, c.NEWSLETTER_SEND_RATE]).toEqual([
      undefined,
      undefined,
      "07:00",
      10,
    ]);
    expect(
      parseConfig({
        SMTP_URL: "smtps://u:p@mail.example:465",
        MAIL_FROM: "Ledger <news@ledger.example>",
        NEWSLETTER_SEND_AT: "off",
        NEWSLETTER_SEND_RATE: "0",
      }),
    ).toMatchObject({
      SMTP_URL: "smtps://u:p@mail.example:465",
      NEWSLETTER_SEND_AT: "off",
      NEWSLETTER_SEND_RATE: 0,
    });
    expect(() => parseConfig({ SMTP_URL: "mail.example:25" })).toThrow(/SMTP_URL must be smtp:\/\//);
    expect(() => parseConfig({ SMTP_URL: "http://u:secret@mail.example" })).not.toThrow(/secret/);
    expect(() => parseConfig({ SMTP_URL: "smtp://mailer:9876/secretpart@smtp.example.com" })).toThrow(
      /SMTP_URL must have no path: percent-encode a \/ or @ in the user or password \(got a value not shown\)/,
    );
    expect(() => parseConfig({ MAIL_FROM: "a@x.example, b@x.example" })).toThrow(
      /MAIL_FROM must be one address/,
    );
    expect(() => parseConfig({ MAIL_FROM: "nobody" })).toThrow(/MAIL_FROM must be one address/);
    expect(() => parseConfig({ NEWSLETTER_SEND_AT: "7am" })).toThrow(
      /NEWSLETTER_SEND_AT must be a time such as 07:00/,
    );
    expect(() => parseConfig({ NEWSLETTER_SEND_AT: "24:00" })).toThrow(/NEWSLETTER_SEND_AT/);
    expect(() => parseConfig({ NEWSLETTER_SEND_RATE: "-1" })).toThrow(/NEWSLETTER_SEND_RATE must be 0/);
  });

  it("ROLE is web, ingest or all (default); web and ingest need DATABASE_URL", () => {
    expect(parseConfig({}).ROLE).toBe("all");
    const db = "postgres://u:p@127.0.0.1:5432/evnews";
    expect(parseConfig({ ROLE: "web", DATABASE_URL: db }).ROLE).toBe("web");
    expect(parseConfig({ ROLE: "ingest", DATABASE_URL: db }).ROLE).toBe("ingest");
    expect(() => parseConfig({ ROLE: "worker", DATABASE_URL: db })).toThrow(
      /ROLE must be "web", "ingest" or "all" \(got "worker"\)/,
    );
    expect(() => parseConfig({ ROLE: "web" })).toThrow(/ROLE web or ingest needs DATABASE_URL/);
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ PORT: "", SITE_URL: "" }).PORT).toBe(3000);
  });
});
