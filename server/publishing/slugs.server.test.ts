import { describe, expect, it } from "vitest";
import { assignSlugs, isValidSlug, MAX_SLUG_LENGTH, slugify } from "./slugs.server.ts";

describe("slugify", () => {
  it("lower case words joined by hyphens", () => {
    expect(slugify("Why Fast Charging Slows After 80 Percent")).toBe(
      "why-fast-charging-slows-after-80-percent",
    );
  });

  it("drops accents and apostrophes, reads & as and, collapses punctuation", () => {
    expect(slugify("Renée's   café & the—grid!")).toBe("renees-cafe-and-the-grid");
    expect(slugify("  --Level 1, Level 2?--  ")).toBe("level-1-level-2");
  });

  it("is stable: the same title always gives the same slug", () => {
    const title = "What a home charger really costs, and when you can skip it";
    expect(slugify(title)).toBe("what-a-home-charger-really-costs-and-when-you-can-skip-it");
  });

  it("keeps within 60 characters, cutting at a word and not ending on a small word", () => {
    const slug = slugify("Winter range: how much an EV really loses in the cold, and how to win it back");
    expect(slug).toBe("winter-range-how-much-an-ev-really-loses-in-the-cold");
    for (const title of [
      "a".repeat(200),
      `${"word ".repeat(40)}end`,
      "Supercalifragilisticexpialidocious-charging-infrastructure-announcement-today",
    ]) {
      const s = slugify(title);
      expect(s.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
      expect(s).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it("gives 'post' when nothing is left", () => {
    expect(slugify("¿¡…!?")).toBe("post");
    expect(slugify("")).toBe("post");
  });
});

describe("assignSlugs", () => {
  it("dedupes equal titles with -2, -3, in order", () => {
    expect(
      assignSlugs([{ title: "Charging news" }, { title: "Charging News" }, { title: "charging news!" }]),
    ).toEqual(["charging-news", "charging-news-2", "charging-news-3"]);
  });

  it("keeps the suffixed slug within 60 characters", () => {
    const title = `${"x".repeat(30)} ${"y".repeat(40)}`;
    const slugs = assignSlugs([{ title }, { title }, { title }]);
    expect(new Set(slugs).size).toBe(3);
    for (const s of slugs) expect(s.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slugs[1]).toMatch(/-2$/);
  });

  it("a slug set in front matter wins; a title slug that collides with it moves", () => {
    expect(assignSlugs([{ title: "Plug news" }, { title: "Something else", slug: "plug-news" }])).toEqual([
      "plug-news-2",
      "plug-news",
    ]);
  });

  it("adding a newer post never changes the older posts' slugs", () => {
    const before = assignSlugs([{ title: "Range" }, { title: "Plugs" }]);
    const after = assignSlugs([{ title: "Range" }, { title: "Plugs" }, { title: "Range" }]);
    expect(after.slice(0, 2)).toEqual(before);
    expect(after[2]).toBe("range-2");
  });

  it("always unique and valid over many similar titles", () => {
    const posts = Array.from({ length: 200 }, (_, i) => ({
      title: i % 3 ? `Same title ${i % 7}` : "Same title",
    }));
    const slugs = assignSlugs(posts);
    expect(new Set(slugs).size).toBe(posts.length);
    for (const s of slugs) expect(isValidSlug(s)).toBe(true);
  });
});

describe("isValidSlug", () => {
  it("accepts lower-case hyphenated slugs up to 60 characters only", () => {
    expect(isValidSlug("ccs1-to-j3400")).toBe(true);
    expect(isValidSlug("a".repeat(60))).toBe(true);
    expect(isValidSlug("a".repeat(61))).toBe(false);
    expect(isValidSlug("Upper")).toBe(false);
    expect(isValidSlug("double--hyphen")).toBe(false);
    expect(isValidSlug("-edge")).toBe(false);
    expect(isValidSlug("")).toBe(false);
  });
});
