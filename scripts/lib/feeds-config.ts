import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";

export const NEWS_FEEDS_PORT = Number(process.env.NEWS_FEEDS_PORT ?? 4319);

/** The fixture feed's channel title for a section: its headlines' publisher ("Local Fixture Courier"). */
export const fixtureChannelTitle = (section: string) =>
  `${section.charAt(0).toUpperCase()}${section.slice(1)} Fixture Courier`;

/** The one section whose feed the list names: the name wins over the channel title. */
export const NAMED_SECTION = "world";
export const FIXTURE_FEED_NAME = "Worldwide Fixture Wire";

/**
 * A FEEDS_CONFIG file pointing every section at the fixture server, with per-section modes. The
 * world feed is a `{ "url", "name" }` entry, as a feed list may name its publisher.
 */
export function writeFeedsConfig(modes: Partial<Record<string, string>> = {}, fallback = "ok"): string {
  const config = Object.fromEntries(
    FEED_SECTION_KEYS.map((key) => {
      const url = `http://127.0.0.1:${NEWS_FEEDS_PORT}/${modes[key] ?? fallback}/${key}.xml`;
      return [key, [key === NAMED_SECTION ? { url, name: FIXTURE_FEED_NAME } : url]];
    }),
  );
  const file = path.join(tmpdir(), `feeds-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(config));
  return file;
}
