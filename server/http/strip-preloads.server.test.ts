import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { stripModulePreloads } from "./strip-preloads.server.ts";

async function run(chunks: Array<string | Buffer>) {
  return text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(stripModulePreloads()));
}

describe("stripModulePreloads", () => {
  it("removes modulepreload links, even split across chunks", async () => {
    const html =
      '<html><head><link rel="modulepreload" href="/a.js" nonce="x"/><link rel="stylesheet" href="/s.css"/>' +
      '<link rel="modulepreload" href="/b.js"/></head><body>é</body></html>';
    for (let size = 1; size < html.length; size += 7) {
      const bytes = Buffer.from(html);
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await run(chunks)).toBe(
        '<html><head><link rel="stylesheet" href="/s.css"/></head><body>é</body></html>',
      );
    }
  });

  it("leaves the body alone", async () => {
    const html =
      '<head></head><body><p>&lt;link rel="modulepreload"&gt;</p><link rel="modulepreload" href="/x"/>';
    expect(await run([html])).toBe(html);
  });
});
