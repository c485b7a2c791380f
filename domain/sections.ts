/** The spec's section table: route key → display name. Order is the route table's order. */
export const SECTIONS = [
  { key: "local", name: "Local News", label: "Local" },
  { key: "national", name: "National News", label: "National" },
  { key: "world", name: "World News", label: "World" },
  { key: "politics", name: "Politics & Government", label: "Politics" },
  { key: "business", name: "Business & Finance", label: "Business" },
  { key: "technology", name: "Technology & Innovation", label: "Technology" },
  { key: "automotive", name: "Automotive & Energy", label: "Automotive" },
  { key: "realestate", name: "Real Estate & Housing", label: "Real Estate" },
  { key: "health", name: "Health & Wellness", label: "Health" },
  { key: "sports", name: "Sports", label: "Sports" },
  { key: "arts", name: "Arts & Culture", label: "Arts & Culture" },
  { key: "food", name: "Food & Dining", label: "Food" },
  { key: "lifestyle", name: "Lifestyle & Fashion", label: "Lifestyle" },
  { key: "opinion", name: "Opinion & Editorials", label: "Opinion" },
  { key: "archives", name: "From the Archives", label: "Archives" },
  { key: "events", name: "Events", label: "Events" },
] as const;

export type SectionKey = (typeof SECTIONS)[number]["key"];
/** Sections whose articles come from feeds (events is an embedded wall). */
export type FeedSectionKey = Exclude<SectionKey, "events">;

const byKey = new Map<string, (typeof SECTIONS)[number]>(SECTIONS.map((s) => [s.key, s]));

export function isSectionKey(key: string): key is SectionKey {
  return byKey.has(key);
}

export function isFeedSectionKey(key: string): key is FeedSectionKey {
  return key !== "events" && byKey.has(key);
}

/** The spec: the section's display name, otherwise the section key. */
export function sectionDisplayName(key: string): string {
  return byKey.get(key)?.name ?? key;
}

export function sectionLabel(key: string): string {
  return byKey.get(key)?.label ?? key;
}

export const FEED_SECTION_KEYS = SECTIONS.map((s) => s.key).filter(
  (k): k is FeedSectionKey => k !== "events",
);

type NavLink = { to: string; label: string };
const link = (key: SectionKey): NavLink => ({ to: `/${key}`, label: sectionLabel(key) });

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
export const PRIMARY_ROW: NavLink[] = [
  ...(["local", "national", "world", "politics", "business", "technology", "automotive"] as const).map(link),
  PAGES.partners,
];
/** Wide header, second row. */
export const SECONDARY_ROW: NavLink[] = [
  ...(["realestate", "health", "sports", "arts", "food", "lifestyle", "opinion"] as const).map(link),
  PAGES.faq,
];
/** Narrow header: the three links that stay visible beside the menu button. */
export const NARROW_ROW: NavLink[] = (["local", "national", "world"] as const).map(link);
/** The 16 section routes, for the News Sections dropdown. */
export const SECTION_LINKS: NavLink[] = SECTIONS.map((s) => link(s.key));
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
