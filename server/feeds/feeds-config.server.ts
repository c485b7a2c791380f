import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { FeedsConfigError } from "./errors.ts";
import { type FeedsConfig, parseFeedsConfig } from "./feeds-config.ts";

/** The committed feed list; FEEDS_CONFIG names a replacement of the same shape. */
export const DEFAULT_FEEDS_CONFIG = "content/feeds.json";

/**
 * Reads and validates the feeds file (relative paths resolve against the working directory, the
 * repository root under npm scripts). Throws FeedsConfigError naming the file and the problem.
 */
export function loadFeedsConfig(path: string = DEFAULT_FEEDS_CONFIG): FeedsConfig {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new FeedsConfigError(`Feeds config ${file}: cannot read the file (${code})`);
  }
  return parseFeedsConfig(text, file);
}
