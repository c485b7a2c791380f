import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "domain/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "content/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // The tests' publishers are on loopback; the guard's own tests turn it back on explicitly.
    // A DATABASE_URL in the developer's shell must not point tests at that database: the tests
    // choose their stores themselves (TEST_DATABASE_URL for PostgreSQL).
    env: { FEEDS_ALLOW_PRIVATE: "on", DATABASE_URL: "" },
  },
});
