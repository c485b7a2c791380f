import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { FeedsConfigError } from "./errors.ts";
import { type FeedsConfig, parseFeedsConfig } from "./feeds-config.ts";

/** The committed feed list; FEEDS_CONFIG names a replacement of the same shape. */
export const DEFAULT_FEEDS_CONFIG = "content/feeds.json";

/** The largest feeds file read (1 MiB: thousands of feeds). */
export const MAX_FEEDS_CONFIG_BYTES = 1024 * 1024;

/**
 * Reads and validates the feeds file (relative paths resolve against the working directory, the
 * repository root under npm scripts). Throws FeedsConfigError naming the file and the problem.
 */
export function loadFeedsConfig(path: string = DEFAULT_FEEDS_CONFIG): FeedsConfig {
  const file = resolve(path);
  let text: string;
  try {
    // A feed list is a few kilobytes; a huge file is a mistake, not something to read into memory.
    const stat = statSync(file);
    if (stat.isDirectory()) throw new FeedsConfigError(`Feeds config ${file}: is a directory, not a file`);
    if (stat.size > MAX_FEEDS_CONFIG_BYTES)
      throw new FeedsConfigError(
        `Feeds config ${file}: the file is ${stat.size} bytes, more than the ${MAX_FEEDS_CONFIG_BYTES} a feed list needs`,
      );
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof FeedsConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new FeedsConfigError(`Feeds config ${file}: cannot read the file (${code})`);
  }
  return parseFeedsConfig(text, file);
}
