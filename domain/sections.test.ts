import { describe, expect, it } from "vitest";
import { SECTION_SUBTITLES } from "./section-subtitles.ts";
import {
  FEED_SECTION_KEYS,
  FOOTER_LEGAL_LINKS,
  FOOTER_MORE_LINKS,
  HOME_SECTIONS,
  isFeedSectionKey,
  isSectionKey,
  NARROW_ROW,
  PRIMARY_ROW,
  SECONDARY_ROW,
  SECTION_LINKS,
  SECTIONS,
  SHEET_LINKS,
  SHEET_SITE_LINKS,
  sectionDisplayName,
  sectionLabel,
  TOP_BAR_LINKS,
} from "./sections.ts";

/** Today's sections, as the pages, menus and files show them: what the table must keep giving. */
const NAMES = {
  local: ["Local News", "Local"],
  national: ["National News", "National"],
  world: ["World News", "World"],
  politics: ["Politics & Government", "Politics"],
  business: ["Business & Finance", "Business"],
  technology: ["Technology & Innovation", "Technology"],
  automotive: ["Automotive & Energy", "Automotive"],
  realestate: ["Real Estate & Housing", "Real Estate"],
  health: ["Health & Wellness", "Health"],
  sports: ["Sports", "Sports"],
  arts: ["Arts & Culture", "Arts & Culture"],
  food: ["Food & Dining", "Food"],
  lifestyle: ["Lifestyle & Fashion", "Lifestyle"],
  opinion: ["Opinion & Editorials", "Opinion"],
  archives: ["From the Archives", "Archives"],
  events: ["Events", "Events"],
} as const;
const KEYS = Object.keys(NAMES);
const links = (pairs: Array<[string, string]>) => pairs.map(([to, label]) => ({ to, label }));
const sectionLinks = (keys: string[]) => links(keys.map((k) => [`/${k}`, NAMES[k as keyof typeof NAMES][1]]));

describe("sections", () => {
  it("names sections as the spec's table does, falling back to the key", () => {
    expect(sectionDisplayName("arts")).toBe("Arts & Culture");
    expect(sectionDisplayName("realestate")).toBe("Real Estate & Housing");
    expect(sectionDisplayName("archives")).toBe("From the Archives");
    expect(sectionDisplayName("nowhere")).toBe("nowhere");
    expect(sectionLabel("nowhere")).toBe("nowhere");
  });

  it("keeps the route table's sections, in its order, with their names and labels", () => {
    expect(SECTIONS.map((s) => s.key)).toEqual(KEYS);
    for (const [key, [name, label]] of Object.entries(NAMES)) {
      expect(sectionDisplayName(key), key).toBe(name);
      expect(sectionLabel(key), key).toBe(label);
      expect(isSectionKey(key), key).toBe(true);
    }
    expect(isSectionKey("nowhere")).toBe(false);
    expect(isSectionKey("toString")).toBe(false);
  });

  it("has 16 section routes, 15 of them fed by feeds (events is an embedded wall)", () => {
    expect(SECTION_LINKS).toHaveLength(16);
    expect(FEED_SECTION_KEYS).toEqual(KEYS.filter((k) => k !== "events"));
    expect(isFeedSectionKey("events")).toBe(false);
    expect(isFeedSectionKey("sports")).toBe(true);
    expect(isFeedSectionKey("nowhere")).toBe(false);
  });

  it("gives each section a subtitle", () => {
    expect(Object.keys(SECTION_SUBTITLES).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS)
      expect(SECTION_SUBTITLES[key as keyof typeof NAMES], key).toMatch(/^[A-Z].{20,}\.$/);
    expect(SECTION_SUBTITLES.local).toBe(
      "News from around the region: transit, councils, schools and neighbourhoods.",
    );
    expect(SECTION_SUBTITLES.events).toBe(
      "Talks, meetups, ride-and-drives and clean-transport events near you.",
    );
  });
});

describe("the section table", () => {
  it("gives every section each field, with a value of its kind", () => {
    for (const s of SECTIONS) {
      expect(Object.keys(s).sort(), s.key).toEqual(
        ["feeds", "home", "key", "label", "lookBack", "name", "narrow", "nav", "sitemap"].sort(),
      );
      expect(s.key, s.key).toMatch(/^[a-z]+$/);
      expect(s.name.length, s.key).toBeGreaterThan(0);
      expect(s.label.length, s.key).toBeGreaterThan(0);
      expect(["primary", "secondary", "menus"], s.key).toContain(s.nav);
      expect(typeof s.narrow, s.key).toBe("boolean");
      expect(s.home === null || Number.isInteger(s.home), s.key).toBe(true);
      expect(s.sitemap.priority, s.key).toBeGreaterThanOrEqual(0.7);
      expect(s.sitemap.priority, s.key).toBeLessThanOrEqual(0.9);
      expect(["hourly", "daily", "weekly"], s.key).toContain(s.sitemap.changefreq);
      expect(typeof s.feeds, s.key).toBe("boolean");
      expect(typeof s.lookBack, s.key).toBe("boolean");
    }
  });

  it("has each key, name and label once", () => {
    for (const field of ["key", "name", "label"] as const)
      expect(new Set(SECTIONS.map((s) => s[field])).size, field).toBe(SECTIONS.length);
  });

  it("numbers the home blocks 1, 2, 3… without a gap, each a section with feeds", () => {
    const home = SECTIONS.filter((s) => s.home !== null);
    expect(home.map((s) => s.home).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(home.map((_, i) => i + 1));
    expect(home.every((s) => s.feeds)).toBe(true);
    expect(HOME_SECTIONS).toEqual(["local", "national", "world", "technology", "business", "politics"]);
  });

  it("keeps the narrow header's links among the first row's, and look-backs among the fed sections", () => {
    expect(SECTIONS.filter((s) => s.narrow).every((s) => s.nav === "primary")).toBe(true);
    expect(SECTIONS.filter((s) => s.lookBack).map((s) => s.key)).toEqual(["archives"]);
    expect(SECTIONS.filter((s) => s.lookBack).every((s) => s.feeds)).toBe(true);
  });
});

describe("the navigation lists", () => {
  it("lays out the wide header's two rows and the narrow header's three links", () => {
    expect(PRIMARY_ROW).toEqual([
      ...sectionLinks(["local", "national", "world", "politics", "business", "technology", "automotive"]),
      { to: "/partners", label: "Partners" },
    ]);
    expect(SECONDARY_ROW).toEqual([
      ...sectionLinks(["realestate", "health", "sports", "arts", "food", "lifestyle", "opinion"]),
      { to: "/faq", label: "FAQ" },
    ]);
    expect(NARROW_ROW).toEqual(sectionLinks(["local", "national", "world"]));
  });

  it("lists all 16 sections in the dropdown and the footer, and 18 links in the side sheet", () => {
    expect(SECTION_LINKS).toEqual(sectionLinks(KEYS));
    expect(SHEET_LINKS).toEqual([
      ...sectionLinks(KEYS),
      { to: "/partners", label: "Partners" },
      { to: "/faq", label: "FAQ" },
    ]);
    expect(new Set(SHEET_LINKS.map((l) => l.to)).size).toBe(18);
  });

  it("keeps the site's other pages where the footer, the sheet and the top bar put them", () => {
    expect(SHEET_SITE_LINKS).toEqual(
      links([
        ["/", "Home"],
        ["/blog", "Blog"],
        ["/books", "Books"],
        ["/radio", "Live Radio"],
        ["/about", "About"],
        ["/contact", "Contact"],
      ]),
    );
    expect(FOOTER_MORE_LINKS).toEqual(
      links([
        ["/partners", "Partners"],
        ["/faq", "FAQ"],
        ["/blog", "Blog"],
        ["/books", "Books"],
        ["/radio", "Live Radio"],
        ["/rss-manager", "RSS Feed"],
        ["/sitemap-manager", "Sitemaps"],
      ]),
    );
    expect(FOOTER_LEGAL_LINKS).toEqual(
      links([
        ["/about", "About"],
        ["/contact", "Contact"],
        ["/privacy", "Privacy Policy"],
        ["/terms", "Terms of Service"],
      ]),
    );
    expect(TOP_BAR_LINKS).toEqual(
      links([
        ["/about", "About"],
        ["/partners", "Partners"],
        ["/faq", "FAQ"],
        ["/contact", "Contact"],
        ["/books", "Books"],
        ["/radio", "Radio"],
      ]),
    );
  });
});
