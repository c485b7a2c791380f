import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { strictScriptKb } from "./script-size.ts";

// Incompressible text, so sizes are easy to reason about.
const text = (bytes: number) => randomBytes(bytes).toString("base64").slice(0, bytes);
const kb = (...parts: string[]) =>
  Math.round((parts.reduce((sum, part) => sum + gzipSync(part, { level: 6 }).length, 0) / 1024) * 10) / 10;

describe("strictScriptKb", () => {
  it("counts files and inline scripts, each gzipped on its own", () => {
    const file = text(40_000);
    const loaderData = text(12_000);
    const snippet = text(500);
    const scripts = [
      { scriptId: "1", url: "http://127.0.0.1:4400/assets/entry.js", content: file },
      { scriptId: "2", url: "http://127.0.0.1:4400/", content: loaderData },
      { scriptId: "3", url: "http://127.0.0.1:4400/", content: snippet },
    ];
    expect(strictScriptKb(scripts)).toBe(kb(file, loaderData, snippet));
    // More than the files alone: the inline scripts are not left out.
    expect(strictScriptKb(scripts)).toBeGreaterThan(kb(file) + 5);
  });

  it("leaves out Lighthouse's own probes, empty scripts and repeats", () => {
    const file = text(20_000);
    expect(
      strictScriptKb([
        { scriptId: "1", url: "http://127.0.0.1:4400/assets/a.js", content: file },
        { scriptId: "1", url: "http://127.0.0.1:4400/assets/a.js", content: file },
        { scriptId: "2", url: "", content: text(30_000) },
        { scriptId: "3", url: "http://127.0.0.1:4400/" },
      ]),
    ).toBe(kb(file));
  });
});
