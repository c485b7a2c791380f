import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunksOf, FRAMEWORK, type ModuleGraph } from "./scripts/lib/chunk-rules.ts";

// Filled once the client's module graph is complete, read when the chunks are made.
let chunks = new Map<string, string>();
const chunkRules = {
  name: "chunk-rules",
  applyToEnvironment: (environment: { name: string }) => environment.name === "client",
  buildEnd(this: ModuleGraph) {
    chunks = chunksOf(this);
  },
};

export default defineConfig({
  // The SSR bundle's entry is our Express app, so server.ts loads one module graph (one store,
  // one scheduler) in production.
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          input: "./server/app.ts",
          // The server is one file: a route's import() of a module the server also imports
          // statically splits nothing there, by design (the split is for the browser's build).
          checks: { ineffectiveDynamicImport: false },
        },
      },
    },
    client: {
      build: {
        rollupOptions: {
          output: {
            // Chunks by rule from the import graph, never by file name (scripts/lib/chunk-rules.ts):
            // the frame (React, React DOM, React Router, the root route and what it imports) and
            // small ui/content helpers two pages share in one chunk, the shell (separate files
            // each cost a request and compress worse); a component folder's modules that several
            // pages share in a chunk named after the folder; code loaded late
            // (app/components/ui/late.tsx) and one page's code left to the bundler. Within a
            // folder's chunk, modules used by different pages are split (entriesAware), but a part
            // under 1.5 KB joins its neighbour: a request costs more than a few unused bytes.
            codeSplitting: {
              groups: [
                {
                  name: "shell",
                  test: (id) => FRAMEWORK.test(id) || chunks.get(id) === "shell",
                  priority: 1,
                },
                {
                  name: (id) => chunks.get(id) ?? null,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 1500,
                },
              ],
            },
          },
        },
      },
    },
  },
  // No __vitePreload wrapper around import(): the lazily loaded widgets need no preload help.
  build: { assetsInlineLimit: 0, modulePreload: false },
  plugins: [tailwindcss(), reactRouter(), chunkRules],
});
