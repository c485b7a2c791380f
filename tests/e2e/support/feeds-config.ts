import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FEED_SECTION_KEYS } from "../../../app/lib/sections.ts";

export const NEWS_FEEDS_PORT = Number(process.env.NEWS_FEEDS_PORT ?? 4319);

/** A FEEDS_CONFIG file pointing every section at the fixture server, with per-section modes. */
export function writeFeedsConfig(modes: Partial<Record<string, string>> = {}, fallback = "ok"): string {
  const config = Object.fromEntries(
    FEED_SECTION_KEYS.map((key) => [
      key,
      [`http://127.0.0.1:${NEWS_FEEDS_PORT}/${modes[key] ?? fallback}/${key}.xml`],
    ]),
  );
  const file = path.join(tmpdir(), `feeds-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(config));
  return file;
}
