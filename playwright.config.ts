import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/lib/chromium.ts";
import { writeFeedsConfig } from "./scripts/lib/feeds-config.ts";

/** Debian's Chromium: Playwright must never download a browser of its own here. */
export const CHROMIUM = CHROMIUM_PATH;
// The radio tests press Play without a user gesture the way a person's click would give one.
export const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, "--autoplay-policy=no-user-gesture-required"];

const PORT = Number(process.env.E2E_PORT ?? 4317);
/** The fake radio station (tests/e2e/radio-upstream.ts) behind /api/stream. */
const RADIO_UPSTREAM_PORT = Number(process.env.RADIO_UPSTREAM_PORT ?? 4432);
/** The fake AI FAQ service (tests/e2e/ai-mock.ts) that /faq's browser calls. */
const AI_MOCK_PORT = Number(process.env.AI_MOCK_PORT ?? 4318);
/** Deterministic publisher feeds (tests/e2e/support/news-feeds.ts). */
const NEWS_FEEDS_PORT = Number(process.env.NEWS_FEEDS_PORT ?? 4319);
process.env.NEWS_FEEDS_PORT = String(NEWS_FEEDS_PORT);
/**
 * The SMTP server the app mails through (tests/e2e/support/smtp-sink.ts); tests read it over HTTP
 * on the next port. Beside E2E_PORT by default, so runs given their own E2E_PORT do not collide.
 */
const SMTP_SINK_PORT = Number(process.env.SMTP_SINK_PORT ?? PORT + 8);
const SMTP_SINK_HTTP_PORT = Number(process.env.SMTP_SINK_HTTP_PORT ?? SMTP_SINK_PORT + 1);
process.env.SMTP_SINK_HTTP_PORT = String(SMTP_SINK_HTTP_PORT);
/** The e2e server's mail transport, also for the newsletter CLI a test runs beside it. */
const SMTP_URL = `smtp://127.0.0.1:${SMTP_SINK_PORT}`;
process.env.E2E_SMTP_URL = SMTP_URL;
const feedsConfig = writeFeedsConfig();
// The newsletter CLI that mail.spec.ts runs reads the same feeds as the server.
process.env.E2E_FEEDS_CONFIG = feedsConfig;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "news-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // CI runs two browsers beside the app, its ingest and the scenario servers on two cores: waits
  // there get room to finish. These bound how long a test waits for a behaviour; none is a speed
  // check (speed is measured by npm run bench and npm run lighthouse).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    // A normal browser user agent, so React Router streams as it does for people (not for bots).
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  },
  projects: [
    { name: "narrow", use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 812 } } },
    { name: "wide", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: [
    {
      command: "node tests/e2e/support/smtp-sink.ts",
      url: `http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_SINK_PORT: String(SMTP_SINK_PORT), SMTP_SINK_HTTP_PORT: String(SMTP_SINK_HTTP_PORT) },
    },
    {
      command: "node tests/e2e/support/news-feeds.ts",
      url: `http://127.0.0.1:${NEWS_FEEDS_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { NEWS_FEEDS_PORT: String(NEWS_FEEDS_PORT) },
    },
    {
      command: "node server.ts",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        SITE_URL: `http://127.0.0.1:${PORT}`,
        DATA_DIR: dataDir,
        ENABLE_TEST_ROUTES: "on",
        // The fixture publisher, its feeds and its images are on loopback.
        IMAGE_PROXY_ALLOW_PRIVATE: "on",
        FEEDS_ALLOW_PRIVATE: "on",
        // Nice is machine-wide: beside Chromium a niced ingest worker starves (see app-server.ts).
        INGEST_NICE: "0",
        LOG_LEVEL: "warn",
        FEEDS_CONFIG: feedsConfig,
        SMTP_URL,
        // No edition on its own at start or at 07:00: mail.spec.ts makes it with the CLI.
        NEWSLETTER_SEND_AT: "off",
        ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
        RADIO_STREAM_URL: `http://127.0.0.1:${RADIO_UPSTREAM_PORT}/stream/{port}`,
        AI_FAQ_ENDPOINT: `http://127.0.0.1:${AI_MOCK_PORT}/chat/completions`,
        // Every test posts from 127.0.0.1; contact.spec.ts starts its own server to test the limit.
        CONTACT_RATE_LIMIT: "0",
        NEWSLETTER_RATE_LIMIT: "0",
        SEARCH_RATE_LIMIT: "0",
        // Every browser listens from 127.0.0.1 too; the per-client cap has its own unit test.
        RADIO_MAX_PER_CLIENT: "50",
      },
    },
    {
      command: "node tests/e2e/radio-upstream.ts",
      url: `http://127.0.0.1:${RADIO_UPSTREAM_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { RADIO_UPSTREAM_PORT: String(RADIO_UPSTREAM_PORT) },
    },
    {
      command: "node tests/e2e/ai-mock.ts",
      url: `http://127.0.0.1:${AI_MOCK_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { AI_MOCK_PORT: String(AI_MOCK_PORT) },
    },
  ],
});
