import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs): the unit tests beside the
 * guarding modules, and the parser tests that read them. The end-to-end-like suites (servers,
 * worker threads, child processes) would cover the same lines at a minute a mutant; a mutant only
 * they notice is one the tests beside the code should notice too.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Stryker times a mutant out itself (timeoutMS); vitest's own 5 s limit would fail a heavy test
    // on a loaded machine, which the dry run refuses and which would count a mutant as killed.
    testTimeout: 60_000,
    // The parser's differential tests compare 2,000 random inputs per mutant instead of 20,000:
    // a mutant they notice fails on the first few hundred, and the full count made each of
    // text.ts's mutants cost seconds.
    env: { ...base.test?.env, RANDOM_INPUTS: "2000" },
    // Replaces the base list (mergeConfig would append to it).
    include: [
      "server/ingest/{xml,entities,text,dates,decode,parse,normalize}.test.ts",
      "server/ingest/fetch.server.test.ts",
      "server/ingest/public-address.server.test.ts",
      "server/http/{images,page-cache,security}.server.test.ts",
      "server/forms/{rate-limit,contact,newsletter}.server.test.ts",
      "server/store/{rate-limits,feed-store}.server.test.ts",
      "server/store/sqlite/feed-rows.server.test.ts",
      "domain/{contact,newsletter}.test.ts",
      "scripts/lib/{terminal,csv}.test.ts",
    ],
  },
});
