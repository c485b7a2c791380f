import { BUNDLED_SLUG, groupedCount } from "#domain/publication.ts";

/**
 * Who the site is: its name, texts, zone, publisher and newsroom address. Operators edit this file
 * (the embeds are in embeds.ts, the rest of the site's settings in site.ts).
 */
export const identity = {
  /** Its key in the store; a PUBLICATIONS_DIR folder of this name continues its rows. */
  slug: BUNDLED_SLUG,
  title: "The Electric Ledger",
  shortTitle: "Electric Ledger",
  tagline: "Electric vehicles, charging and sustainable transport, plus the news that matters at home",
  description:
    "The Electric Ledger is a public news site covering electric vehicles, charging networks and sustainable transport, with local, national and world headlines gathered from trusted publishers.",
  language: "en-US",
  /** Dates are shown in this zone on server and browser alike, so hydration never disagrees. */
  timeZone: "America/New_York",
  network: {
    name: "Civic Press Network",
    publications: 3000,
  },
  copyrightYear: 2024,
  publisher: "Civic Press Network",
  socialImage: { path: "/images/social-default.png", width: 1200, height: 630, alt: "The Electric Ledger" },
  newsroomEmail: "newsroom@electricledger.example",
} as const;

/** "3,000" (grouped by hand: see groupedCount). */
export const publicationsCount = groupedCount(identity.network.publications);
