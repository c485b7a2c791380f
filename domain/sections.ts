/** How often a page changes, in sitemaps.org's words. */
export type ChangeFrequency = "hourly" | "daily" | "weekly" | "monthly" | "yearly";

type SectionRow = {
  /** The route: /<key>; the feed list's and the store's name for the section. */
  key: string;
  /** The spec's display name: headings, cards, the sitemap's and llms.txt's titles. */
  name: string;
  /** The menus' and the header's shorter name. */
  label: string;
  /** The wide header's row it sits in, or "menus": only the dropdown, the side sheet and the footer. */
  nav: "primary" | "secondary" | "menus";
  /** One of the links the narrow header keeps beside the menu button. */
  narrow: boolean;
  /** Its block's place on the home page (1 first), or null: not on the home page. */
  home: number | null;
  /**
   * Sections rank 0.7–0.9: the first header row and our own beat (automotive & energy) highest,
   * the second row 0.7. Feed-backed news sections change hourly; slower desks daily.
   */
  sitemap: { priority: number; changefreq: ChangeFrequency };
  /** Its articles come from the feed list (content/feeds.json) and it has sample feeds. */
  feeds: boolean;
  /** Its samples look back at history: their dates stay as written, never moved to today. */
  lookBack: boolean;
};

/**
 * The one section table: every list of sections (routes, menus, home blocks, sitemaps, the feed
 * list's keys, the sample files) derives from it. Its order is the spec's route table's order.
 * The subtitles are its one column kept apart, in section-subtitles.ts: every page's script
 * carries this table, and the subtitles would add 0.5 KB gzipped to it for one page's heading.
 */
export const SECTIONS = [
  {
    key: "local",
    name: "Local News",
    label: "Local",
    nav: "primary",
    narrow: true,
    home: 1,
    sitemap: { priority: 0.9, changefreq: "hourly" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "national",
    name: "National News",
    label: "National",
    nav: "primary",
    narrow: true,
    home: 2,
    sitemap: { priority: 0.9, changefreq: "hourly" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "world",
    name: "World News",
    label: "World",
    nav: "primary",
    narrow: true,
    home: 3,
    sitemap: { priority: 0.9, changefreq: "hourly" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "politics",
    name: "Politics & Government",
    label: "Politics",
    nav: "primary",
    narrow: false,
    home: 6,
    sitemap: { priority: 0.8, changefreq: "hourly" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "business",
    name: "Business & Finance",
    label: "Business",
    nav: "primary",
    narrow: false,
    home: 5,
    sitemap: { priority: 0.8, changefreq: "hourly" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "technology",
    name: "Technology & Innovation",
    label: "Technology",
    nav: "primary",
    narrow: false,
    home: 4,
    sitemap: { priority: 0.8, changefreq: "hourly" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "automotive",
    name: "Automotive & Energy",
    label: "Automotive",
    nav: "primary",
    narrow: false,
    home: null,
    sitemap: { priority: 0.9, changefreq: "hourly" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "realestate",
    name: "Real Estate & Housing",
    label: "Real Estate",
    nav: "secondary",
    narrow: false,
    home: null,
    sitemap: { priority: 0.7, changefreq: "daily" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "health",
    name: "Health & Wellness",
    label: "Health",
    nav: "secondary",
    narrow: false,
    home: null,
    sitemap: { priority: 0.7, changefreq: "daily" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "sports",
    name: "Sports",
    label: "Sports",
    nav: "secondary",
    narrow: false,
    home: null,
    sitemap: { priority: 0.7, changefreq: "daily" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "arts",
    name: "Arts & Culture",
    label: "Arts & Culture",
    nav: "secondary",
    narrow: false,
    home: null,
    sitemap: { priority: 0.7, changefreq: "daily" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "food",
    name: "Food & Dining",
    label: "Food",
    nav: "secondary",
    narrow: false,
    home: null,
    sitemap: { priority: 0.7, changefreq: "daily" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "lifestyle",
    name: "Lifestyle & Fashion",
    label: "Lifestyle",
    nav: "secondary",
    narrow: false,
    home: null,
    sitemap: { priority: 0.7, changefreq: "daily" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "opinion",
    name: "Opinion & Editorials",
    label: "Opinion",
    nav: "secondary",
    narrow: false,
    home: null,
    sitemap: { priority: 0.7, changefreq: "daily" },
    feeds: true,
    lookBack: false,
  },
  {
    key: "archives",
    name: "From the Archives",
    label: "Archives",
    nav: "menus",
    narrow: false,
    home: null,
    sitemap: { priority: 0.7, changefreq: "weekly" },
    feeds: true,
    lookBack: true,
  },
  {
    key: "events",
    name: "Events",
    label: "Events",
    nav: "menus",
    narrow: false,
    home: null,
    sitemap: { priority: 0.7, changefreq: "daily" },
    feeds: false,
    lookBack: false,
  },
] as const satisfies readonly SectionRow[];

type Section = (typeof SECTIONS)[number];
export type SectionKey = Section["key"];
/** Sections whose articles come from feeds (events is an embedded wall). */
export type FeedSectionKey = Extract<Section, { feeds: true }>["key"];

const byKey = new Map<string, Section>(SECTIONS.map((s) => [s.key, s]));

export function isSectionKey(key: string): key is SectionKey {
  return byKey.has(key);
}

export function isFeedSectionKey(key: string): key is FeedSectionKey {
  return byKey.get(key)?.feeds === true;
}

/** The spec: the section's display name, otherwise the section key. */
export function sectionDisplayName(key: string): string {
  return byKey.get(key)?.name ?? key;
}

export function sectionLabel(key: string): string {
  return byKey.get(key)?.label ?? key;
}

export const FEED_SECTION_KEYS: FeedSectionKey[] = SECTIONS.filter(
  (s): s is Extract<Section, { feeds: true }> => s.feeds,
).map((s) => s.key);

/** The home page's blocks, in order. Each needs feeds: loadHome takes FeedSectionKey, so tsc checks. */
export const HOME_SECTIONS = SECTIONS.filter((s): s is Extract<Section, { home: number }> => s.home !== null)
  .sort((a, b) => a.home - b.home)
  .map((s) => s.key);

type NavLink = { to: string; label: string };
const link = (s: Section): NavLink => ({ to: `/${s.key}`, label: s.label });
const sectionsIn = (nav: Section["nav"]) => SECTIONS.filter((s) => s.nav === nav).map(link);

/** The site's own pages, as the footer and the menus name them (the top bar says just "Radio"). */
const PAGES = {
  home: { to: "/", label: "Home" },
  partners: { to: "/partners", label: "Partners" },
  faq: { to: "/faq", label: "FAQ" },
  blog: { to: "/blog", label: "Blog" },
  books: { to: "/books", label: "Books" },
  radio: { to: "/radio", label: "Live Radio" },
  rss: { to: "/rss-manager", label: "RSS Feed" },
  sitemaps: { to: "/sitemap-manager", label: "Sitemaps" },
  about: { to: "/about", label: "About" },
  contact: { to: "/contact", label: "Contact" },
  privacy: { to: "/privacy", label: "Privacy Policy" },
  terms: { to: "/terms", label: "Terms of Service" },
} satisfies Record<string, NavLink>;

/** Wide header, first row. */
export const PRIMARY_ROW: NavLink[] = [...sectionsIn("primary"), PAGES.partners];
/** Wide header, second row. */
export const SECONDARY_ROW: NavLink[] = [...sectionsIn("secondary"), PAGES.faq];
/** Narrow header: the three links that stay visible beside the menu button. */
export const NARROW_ROW: NavLink[] = SECTIONS.filter((s) => s.narrow).map(link);
/** The 16 section routes, for the News Sections dropdown. */
export const SECTION_LINKS: NavLink[] = SECTIONS.map(link);
/** The side sheet's 18 destinations: 16 sections, Partners and FAQ. */
export const SHEET_LINKS: NavLink[] = [...SECTION_LINKS, PAGES.partners, PAGES.faq];
/**
 * The rest of the site, below the sheet's sections (a phone reader otherwise reaches these only
 * through the footer): the footer's labels, in its order, with Home first.
 */
export const SHEET_SITE_LINKS: NavLink[] = [
  PAGES.home,
  PAGES.blog,
  PAGES.books,
  PAGES.radio,
  PAGES.about,
  PAGES.contact,
];
/** The footer's More and Legal columns. */
export const FOOTER_MORE_LINKS: NavLink[] = [
  PAGES.partners,
  PAGES.faq,
  PAGES.blog,
  PAGES.books,
  PAGES.radio,
  PAGES.rss,
  PAGES.sitemaps,
];
export const FOOTER_LEGAL_LINKS: NavLink[] = [PAGES.about, PAGES.contact, PAGES.privacy, PAGES.terms];
/** Top bar links after the dropdown. */
export const TOP_BAR_LINKS: NavLink[] = [
  PAGES.about,
  PAGES.partners,
  PAGES.faq,
  PAGES.contact,
  PAGES.books,
  { ...PAGES.radio, label: "Radio" },
];
