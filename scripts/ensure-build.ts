/**
 * `npm start` builds first when the production build is missing or older than the sources, so a
 * fresh clone needs only `npm ci && npm start`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
const sources = [
  "app",
  "server",
  "content",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (built === 0 || changed > built) {
  console.log(
    built === 0 ? "No production build yet: building…" : "Sources changed since the last build: building…",
  );
  execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
}
