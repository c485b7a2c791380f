import pino from "pino";
import { describe, expect, it } from "vitest";
import { resolveLogFormat, textDestination, textLine, upLine } from "./logger.server.ts";

const AT = Date.UTC(2026, 10, 26, 13, 5, 9);

describe("resolveLogFormat", () => {
  it("is text at a terminal and JSON anywhere else, unless LOG_FORMAT says", () => {
    expect(resolveLogFormat(undefined, true)).toBe("text");
    expect(resolveLogFormat(undefined, false)).toBe("json");
    expect(resolveLogFormat(undefined, undefined)).toBe("json");
    expect(resolveLogFormat("auto", true)).toBe("text");
    expect(resolveLogFormat("auto", false)).toBe("json");
    // The flag wins over the terminal: operators keep JSON however they start the server.
    expect(resolveLogFormat("json", true)).toBe("json");
    expect(resolveLogFormat("text", false)).toBe("text");
  });
});

describe("textLine", () => {
  it("says where the site is up in one plain line", () => {
    expect(upLine("The Electric Ledger", "http://localhost:3000")).toBe(
      "The Electric Ledger is up at http://localhost:3000 (Ctrl+C stops it)",
    );
  });

  it("leaves out each feed's own refresh lines", () => {
    for (const msg of ["feed refresh failed", "feed refreshed", "feed not modified"]) {
      expect(textLine({ level: 40, time: AT, msg, url: "https://a.example/feed", err: "ENOTFOUND" })).toBe(
        undefined,
      );
    }
  });

  it("sums a cycle's failures up in one line that says where the details are", () => {
    expect(textLine({ level: 40, time: AT, msg: "refresh cycle done", feeds: 21, failed: 21, ms: 40 })).toBe(
      "13:05:09 21 of 21 feeds could not be reached (offline?): pages show what is stored, or sample headlines, until they can. Each feed's error: /api/health/feeds",
    );
    expect(textLine({ level: 30, time: AT, msg: "refresh cycle done", feeds: 21, failed: 0, ms: 40 })).toBe(
      "13:05:09 Checked 21 feeds: headlines are current",
    );
  });

  it("shows a request as method, path, status and time", () => {
    expect(
      textLine({
        level: 30,
        time: AT,
        msg: "request completed",
        req: { method: "GET", url: "/technology" },
        res: { statusCode: 200 },
        responseTime: 12.4,
      }),
    ).toBe("13:05:09 GET /technology 200 12 ms");
  });

  it("shows an error's stack below its line, and only for errors", () => {
    const err = { message: "boom", stack: "Error: boom\n    at render (entry.server.tsx:30:5)" };
    expect(textLine({ level: 50, time: AT, msg: "page or data request failed", err })).toBe(
      "13:05:09 ERROR page or data request failed  err=boom\n    Error: boom\n        at render (entry.server.tsx:30:5)",
    );
    expect(textLine({ level: 40, time: AT, msg: "slow", err })).toBe("13:05:09 WARN  slow  err=boom");
  });

  it("keeps any other line's level, message and fields", () => {
    expect(
      textLine({ level: 50, time: AT, msg: "archive prune failed", err: { message: "disk full" }, n: 3 }),
    ).toBe("13:05:09 ERROR archive prune failed  err=disk full n=3");
    expect(
      textLine({ level: 40, time: AT, msg: "page change listener dropped", err: "the socket closed" }),
    ).toBe('13:05:09 WARN  page change listener dropped  err="the socket closed"');
  });
});

describe("textDestination", () => {
  it("turns a pino logger's JSON into the terminal's lines", () => {
    const lines: string[] = [];
    const log = pino(
      { base: undefined },
      textDestination((line) => lines.push(line)),
    );
    for (let i = 0; i < 21; i++)
      log.warn({ url: `https://f${i}.example/`, err: "ENOTFOUND" }, "feed refresh failed");
    log.warn({ feeds: 21, failed: 21, ms: 9 }, "refresh cycle done");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d 21 of 21 feeds could not be reached \(offline\?\).*\n$/);
  });

  it("passes a line that is not JSON through", () => {
    const lines: string[] = [];
    textDestination((line) => lines.push(line)).write("plain words\n");
    expect(lines).toEqual(["plain words\n"]);
  });
});
