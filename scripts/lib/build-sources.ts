import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What the production build is made from: a change to any of these makes `build/` stale. */
export const BUILD_SOURCES = [
  "app",
  "server",
  "domain",
  "content",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

/** The newest modification time under `target`; tests are left out (editing one does not rebuild). */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The newest modification time of the build's sources under `root`. */
export function newestBuildSource(root: string): number {
  return Math.max(...BUILD_SOURCES.map((source) => newestMtime(path.join(root, source))));
}
