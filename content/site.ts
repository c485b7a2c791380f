/**
 * The radio, books and AI service. Operators edit this file (the site's name and texts are in
 * identity.ts, the third-party embeds in embeds.ts).
 *
 * Each part is its own export so a page's script bundles only the parts it uses; `site` gathers
 * them for the server and for code that wants everything.
 */
import { embeds } from "./embeds.ts";
import { identity } from "./identity.ts";

export { embeds } from "./embeds.ts";
export { identity, publicationsCount } from "./identity.ts";

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

export type AiService = {
  /** Shown to readers, e.g. in 'Please enter your Perplexity API key …'. */
  name: string;
  /** The publication the FAQs are for (its name in the prompts); the bundled site's when absent. */
  publication?: string;
  endpoint: string;
  model: string;
};

/** The service from the site config, with the environment's overrides (tests point at a mock). */
export function aiService(env: { AI_FAQ_ENDPOINT?: string; AI_FAQ_MODEL?: string }): AiService {
  return {
    name: ai.service,
    endpoint: env.AI_FAQ_ENDPOINT ?? ai.endpoint,
    model: env.AI_FAQ_MODEL ?? ai.model,
  };
}

export const site = { ...identity, embeds, university, books: bookLinks, radio, ai } as const;

export type Site = typeof site;
