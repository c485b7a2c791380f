import { describe, expect, it } from "vitest";
import {
  FEED_SECTION_KEYS,
  isFeedSectionKey,
  PRIMARY_ROW,
  SECONDARY_ROW,
  SECTION_LINKS,
  SHEET_LINKS,
  sectionDisplayName,
} from "./sections.ts";

describe("sections", () => {
  it("names sections as the spec's table does, falling back to the key", () => {
    expect(sectionDisplayName("arts")).toBe("Arts & Culture");
    expect(sectionDisplayName("realestate")).toBe("Real Estate & Housing");
    expect(sectionDisplayName("archives")).toBe("From the Archives");
    expect(sectionDisplayName("nowhere")).toBe("nowhere");
  });

  it("has 16 section routes, 15 of them fed by feeds", () => {
    expect(SECTION_LINKS).toHaveLength(16);
    expect(FEED_SECTION_KEYS).toHaveLength(15);
    expect(isFeedSectionKey("events")).toBe(false);
    expect(isFeedSectionKey("sports")).toBe(true);
  });

  it("lays out the wide navigation rows and the 18-link side sheet", () => {
    expect(PRIMARY_ROW.map((l) => l.label)).toEqual([
      "Local",
      "National",
      "World",
      "Politics",
      "Business",
      "Technology",
      "Automotive",
      "Partners",
    ]);
    expect(SECONDARY_ROW.map((l) => l.label)).toEqual([
      "Real Estate",
      "Health",
      "Sports",
      "Arts & Culture",
      "Food",
      "Lifestyle",
      "Opinion",
      "FAQ",
    ]);
    expect(SHEET_LINKS).toHaveLength(18);
    expect(new Set(SHEET_LINKS.map((l) => l.to)).size).toBe(18);
  });
});
