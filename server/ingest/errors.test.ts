import { describe, expect, it } from "vitest";
import { errorCode, errorMessage, FeedParseError, HttpStatusError, UnknownSectionError } from "./errors.ts";

describe("the error catalogue's words", () => {
  it("uses the spec's messages exactly", () => {
    expect(new HttpStatusError(404).message).toBe("HTTP error! status: 404");
    expect(new HttpStatusError(429, 120_000).retryAfterMs).toBe(120_000);
    expect(new FeedParseError().message).toBe("Failed to parse RSS XML");
    expect(new UnknownSectionError("weather").message).toBe("No RSS feed configured for section: weather");
    expect(errorMessage(new HttpStatusError(500))).toBe("HTTP error! status: 500");
    expect(errorMessage("plain")).toBe("plain");
  });
});

describe("errorMessage and errorCode for what pg-boss and pg emit", () => {
  it("read a plain object's message and code (pg-boss's error event), never [object Object]", () => {
    const emitted = { message: "connect ECONNREFUSED 127.0.0.1:5432", code: "ECONNREFUSED", queue: "feeds" };
    expect(errorMessage(emitted)).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(errorCode(emitted)).toBe("ECONNREFUSED");
    expect(errorMessage({ queue: "feeds" })).toBe('{"queue":"feeds"}');
  });

  it("read an AggregateError's first cause (a refused connection on every address)", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" });
    const all = new AggregateError([refused, new Error("connect ECONNREFUSED 127.0.0.1:5432")], "");
    expect(errorMessage(all)).toBe("connect ECONNREFUSED ::1:5432");
    expect(errorCode(all)).toBe("ECONNREFUSED");
    expect(errorCode(new Error("x"))).toBeUndefined();
  });
});
