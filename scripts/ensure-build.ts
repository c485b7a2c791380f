/**
 * `npm start` builds first when the production build is missing or older than the sources, so a
 * fresh clone needs only `npm ci && npm start`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { newestBuildSource } from "./lib/build-sources.ts";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changed = newestBuildSource(root);
if (built === 0 || changed > built) {
  console.log(
    built === 0 ? "No production build yet: building…" : "Sources changed since the last build: building…",
  );
  execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
}
