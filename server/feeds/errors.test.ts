import { describe, expect, it } from "vitest";
import { errorMessage, FeedParseError, HttpStatusError, UnknownSectionError } from "./errors.ts";

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
