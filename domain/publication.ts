/**
 * A publication of the network as its pages show it: name, texts, zone, newsroom address, colour.
 * Isomorphic and serialisable: the server picks one per request by host name
 * (server/publications/), and the root loader hands it to every page.
 */
/** The bundled site's slug (content/): its rows in the store, and its folder's name if it moves to PUBLICATIONS_DIR. */
export const BUNDLED_SLUG = "electric-ledger";

export type PublicationIdentity = {
  /** The folder's name under PUBLICATIONS_DIR: the key of its rows in the store. */
  slug: string;
  title: string;
  shortTitle: string;
  tagline: string;
  description: string;
  language: string;
  /** Dates are shown in this zone on server and browser alike, so hydration never disagrees. */
  timeZone: string;
  network: { name: string; publications: number };
  copyrightYear: number;
  publisher: string;
  socialImage: { path: string; width: number; height: number; alt: string };
  newsroomEmail: string;
  /** The footer's About paragraph. */
  about: string;
  /** The accent colour (#rrggbb) when the publication sets one; the bundled palette's otherwise. */
  accent?: string;
  /** Where this host serves the publication's logo, when it has one. */
  logo?: string;
};

/** A publication with its own address (no trailing slash): what its generated files are built from. */
export type PublicationAddress = { siteUrl: string; identity: PublicationIdentity };

/**
 * "3,000", grouped by hand: toLocaleString would load the browser's number data (a long task on a
 * phone) for one comma on every page's footer.
 */
export function groupedCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
