import { gzipSync } from "node:zlib";

/** A script as Lighthouse's Scripts artifact gives it: inline ones carry the page's URL. */
export type RanScript = { scriptId: string; url: string; content?: string };

/**
 * The strict script count, in KB: every script the page ran, files and inline ones alike, each
 * gzipped at level 6 on its own, summed. Inline scripts (loader data, hydration snippets) are
 * part of what a phone downloads and parses, though Lighthouse's transfer count leaves them out.
 */
export function strictScriptKb(scripts: RanScript[]): number {
  let total = 0;
  const seen = new Set<string>();
  for (const script of scripts) {
    // Lighthouse's own probes run without a URL; every script of the page has one.
    if (!script.url || !script.content || seen.has(script.scriptId)) continue;
    seen.add(script.scriptId);
    total += gzipSync(script.content, { level: 6 }).length;
  }
  return Math.round((total / 1024) * 10) / 10;
}
