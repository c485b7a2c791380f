import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "content/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // The tests' publishers are on loopback; the guard's own tests turn it back on explicitly.
    env: { FEEDS_ALLOW_PRIVATE: "on" },
  },
});
