/**
 * Site identity and third-party embeds. Operators edit this file; the content security policy
 * allows exactly the embed origins named here (see server/security.server.ts).
 *
 * Each part is its own export so a page's script bundles only the parts it uses; `site` gathers
 * them for the server and for code that wants everything.
 */
export const identity = {
  title: "The Electric Ledger",
  shortTitle: "Electric Ledger",
  tagline: "Electric vehicles, charging and sustainable transport, plus the news that matters at home",
  description:
    "The Electric Ledger is a public news site covering electric vehicles, charging networks and sustainable transport, with local, national and world headlines gathered from trusted publishers.",
  about:
    "The Electric Ledger follows the shift to electric transport: the cars and buses, the chargers and grids, the policies and prices. Alongside it we gather the day's local, national and world headlines from trusted publishers, so readers find both in one place.",
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

/**
 * "3,000", grouped by hand: toLocaleString would load the browser's number data (a long task on a
 * phone) for one comma on every page's footer.
 */
export const publicationsCount = String(identity.network.publications).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

export const embeds = {
  /** Featured video on the home page (a privacy-enhanced player loads only on click). */
  video: { id: "EJ6GsYoSmTo", title: "How electric vehicle charging works" },
  videoOrigins: ["https://www.youtube-nocookie.com", "https://i.ytimg.com"],
  /** The /events page shows this wall of community events. */
  eventsWall: {
    url: "https://www.eventbrite.com/d/united-states/electric-vehicles/",
    title: "Upcoming electric vehicle and clean transport events",
  },
  /** An optional ad script; none by default. */
  adScript: null as string | null,
} as const;

export const university = {
  name: "Maharishi International University",
  applyUrl: "https://www.miu.edu/admissions",
  learnMoreUrl: "https://www.miu.edu/",
} as const;

export const bookLinks = {
  allBooksUrl: "https://www.amazon.com/s?k=billionaire+mindset+ebooks&i=digital-text",
} as const;

/** The /radio page. The stream's address is the server's RADIO_STREAM_URL; the page asks for this port. */
export const radio = {
  stationName: "Electric Ledger Radio",
  /** Shown on lock screens and headsets (Media Session). */
  title: "Electric Ledger Radio — Live",
  streamPort: 8076,
  artwork: { src: "/images/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
} as const;

/**
 * The AI service readers can use, with their own key, to generate more FAQs on /faq. The browser
 * calls it directly; AI_FAQ_ENDPOINT and AI_FAQ_MODEL override endpoint and model.
 */
export const ai = {
  service: "Perplexity",
  endpoint: "https://api.perplexity.ai/chat/completions",
  model: "sonar",
} as const;

export const site = { ...identity, embeds, university, books: bookLinks, radio, ai } as const;

export type Site = typeof site;
