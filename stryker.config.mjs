// Mutation testing of the code that guards readers and operators: `npm run test:mutation`
// (docs/testing.md says how to run it, incrementally too, and what the last run scored). Too slow
// for CI, so not part of `npm test`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  coverageAnalysis: "perTest",
  mutate: [
    // The XML reader, entities, text and dates: what a hostile feed reaches first.
    "server/ingest/xml.ts",
    "server/ingest/entities.ts",
    "server/ingest/text.ts",
    "server/ingest/dates.ts",
    // The fetch guard and the image relay: what keeps a feed from aiming us at our own network.
    "server/ingest/public-address.server.ts",
    "server/http/images.server.ts",
    // The page cache and the rate limits.
    "server/http/page-cache.server.ts",
    "server/forms/rate-limit.server.ts",
    "server/store/sqlite/rate-limits.server.ts",
    // Contact and newsletter validation.
    "domain/contact-schema.ts",
    "domain/newsletter.ts",
    "server/forms/contact.server.ts",
    "server/forms/newsletter.server.ts",
    // Security headers.
    "server/http/security.server.ts",
    // Ingest's upserts, first-seen times and the future-date clamp (both stores share these rules).
    "server/store/sqlite/feed-rows.server.ts",
    // What the CLIs print of readers' text.
    "scripts/lib/terminal.ts",
    "scripts/lib/csv.ts",
  ],
  ignoreStatic: true,
  concurrency: 1,
  timeoutMS: 20_000,
  reporters: ["json", "clear-text", "progress"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  incrementalFile: "reports/mutation/stryker-incremental.json",
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: ".stryker-tmp",
  // Another run's sandbox (a second run in this checkout) is never copied into this one's.
  ignorePatterns: ["/.stryker-tmp*", "/reports", "/build", "/data"],
  cleanTempDir: "always",
  // Stryker rewrites tsconfig.json with TypeScript's JS API, which TypeScript 7 no longer has; our
  // tsconfig has no paths outside the project to rewrite, so it is left alone (a name that no file has).
  tsconfigFile: "stryker-leaves-tsconfig-alone.json",
};
