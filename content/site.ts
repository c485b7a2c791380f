/**
 * Site identity and third-party embeds. Operators edit this file; the content security policy
 * allows exactly the embed origins named here (see server/security.server.ts).
 */
export const site = {
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
  embeds: {
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
  },
  university: {
    name: "Maharishi International University",
    applyUrl: "https://www.miu.edu/admissions",
    learnMoreUrl: "https://www.miu.edu/",
  },
  books: {
    allBooksUrl: "https://www.amazon.com/s?k=billionaire+mindset+ebooks&i=digital-text",
  },
} as const;

export type Site = typeof site;
