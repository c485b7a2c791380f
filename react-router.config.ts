import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel work (or CI jobs) build side by side; server.ts reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // A route's client loader stays in its route module: split off, it was a file of ~100 bytes that
  // every home or section page loaded on its own (a request and a gzip stream), for no gain in
  // navigations this small.
  splitRouteModules: false,
} satisfies Config;
