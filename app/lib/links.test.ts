import { describe, expect, it } from "vitest";
import { safeHttpUrl, siteName } from "./links.ts";

describe("safeHttpUrl", () => {
  it("keeps http and https URLs", () => {
    expect(safeHttpUrl("https://news.example/a?b=1")).toBe("https://news.example/a?b=1");
    expect(safeHttpUrl("http://news.example/")).toBe("http://news.example/");
  });

  it("drops every other scheme and junk", () => {
    expect(safeHttpUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeHttpUrl(" JaVaScRiPt:alert(1)")).toBeUndefined();
    expect(safeHttpUrl("data:text/html,<script>")).toBeUndefined();
    expect(safeHttpUrl("/relative")).toBeUndefined();
    expect(safeHttpUrl("")).toBeUndefined();
    expect(safeHttpUrl(undefined)).toBeUndefined();
  });
});

describe("siteName", () => {
  it("is the host without www.", () => {
    expect(siteName("https://www.eventbrite.com/d/united-states/")).toBe("eventbrite.com");
    expect(siteName("https://events.example.org/wall")).toBe("events.example.org");
  });
});
