/**
 * The newsroom's own FAQs (five seeded). Plain text, no markup. Readers can append
 * AI-generated ones on /faq; those live only in their page and never come back here.
 */

import { groupedCount, type PublicationIdentity } from "#domain/publication.ts";
import { site } from "./site.ts";

/** The categories an FAQ can have, in the spec's order ("All" is the filter for every one). */
export const FAQ_CATEGORIES = [
  "About Us",
  "Content",
  "Charging",
  "Incentives",
  "Technology",
  "Local News",
  "Vehicle Reviews",
  "Environmental",
  "Policy",
] as const;

export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** The filter choices on /faq: the spec's list, "All" first. */
export const FAQ_FILTERS = ["All", ...FAQ_CATEGORIES] as const;
export type FaqFilter = (typeof FAQ_FILTERS)[number];

export type Faq = {
  id: string;
  question: string;
  answer: string;
  category: FaqCategory;
  /** Set on items a reader generated with the AI service (labelled as such on the page). */
  generated?: boolean;
};

/** The seeded FAQs as a publication's page shows them (its name, its network). */
export const faqsFor = (site: Pick<PublicationIdentity, "title" | "network">): Faq[] => [
  {
    id: "about-publication",
    category: "About Us",
    question: `What is ${site.title}?`,
    answer: `${site.title} is a public news site about electric vehicles, charging and sustainable transport, with the day's local, national and world headlines alongside. It is part of the ${site.network.name}, a network of ${groupedCount(site.network.publications)} publications. Reading it is free and needs no account.`,
  },
  {
    id: "where-headlines-come-from",
    category: "Content",
    question: "Where do your headlines come from?",
    answer:
      "Our section pages gather headlines from the public feeds of trusted publishers and broadcasters. Each headline links to the original article on the publisher's own site, which opens in a new tab, so you always read the full story from the people who reported it.",
  },
  {
    id: "charging-time",
    category: "Charging",
    question: "How long does it take to charge an electric car?",
    answer:
      "It depends on the charger and the battery. A standard household outlet (Level 1) adds roughly 3 to 5 miles of range per hour, a Level 2 charger at home or work adds about 20 to 40, and a DC fast charger can take most cars from 10% to 80% in 20 to 45 minutes. Most drivers charge overnight at home and use fast chargers on long trips.",
  },
  {
    id: "federal-tax-credit",
    category: "Incentives",
    question: "Are there tax credits for buying an electric vehicle?",
    answer:
      "The federal clean vehicle tax credit has offered up to $7,500 for new and $4,000 for used vehicles, subject to price caps, income limits and battery rules. Congress has changed these credits more than once, so check the current rules on the IRS website before you buy. Many states, cities and utilities offer rebates of their own, including for home chargers.",
  },
  {
    id: "battery-life",
    category: "Technology",
    question: "How long do electric car batteries last?",
    answer:
      "Modern EV batteries are built to last the life of the car. Most lose only a few percent of their capacity over the first years, and manufacturers typically warrant the battery for at least 8 years or 100,000 miles. Avoiding frequent charges to 100% and long stays at very low charge helps a battery age well.",
  },
];

/** The bundled site's. */
export const faqs: Faq[] = faqsFor(site);
