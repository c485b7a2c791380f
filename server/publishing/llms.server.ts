import { postPath } from "#domain/posts.ts";
import type { PublicationAddress } from "#domain/publication.ts";
import { SECTION_SUBTITLES } from "#domain/section-subtitles.ts";
import { SECTIONS } from "#domain/sections.ts";
import type { Post } from "./posts.server.ts";

/** Markdown link text and notes on one line: no brackets or line breaks that would break the list. */
function clean(text: string): string {
  return text
    .replace(/[[\]\r\n]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function link(name: string, url: string, note?: string): string {
  return `- [${clean(name)}](${url})${note ? `: ${clean(note)}` : ""}`;
}

/**
 * /llms.txt in the llms.txt format (llmstxt.org): an H1 with the site's name, a blockquote
 * summary, a short description, then H2 sections of link lists. "Optional" comes last, as the
 * format asks, for what an AI system can skip when its context is short.
 */
export function buildLlmsTxt(
  { siteUrl, identity: site }: PublicationAddress,
  posts: readonly Post[],
): string {
  const u = (path: string) => `${siteUrl}${path}`;
  const lines = [
    `# ${site.title}`,
    "",
    `> ${clean(site.description)}`,
    "",
    `${site.title} is part of the ${site.network.name}. Two kinds of content live here: our own reporting and explainers on electric vehicles and charging (the blog, written and edited by our newsroom), and section pages of headlines gathered from other publishers' RSS feeds, each linking to the original article. Language: ${site.language}.`,
    "",
    "## Our reporting",
    "",
    link("Blog", u("/blog"), "our own articles on EVs, charging and sustainable transport, newest first"),
    ...posts.slice(0, 20).map((p) => link(p.title, u(postPath(p.slug)), p.description)),
    "",
    "## Feeds and sitemaps",
    "",
    link("RSS feed", u("/rss.xml"), "RSS 2.0 with the full text of our newest 50 posts"),
    link("Sitemap", u("/sitemap.xml"), "every public page with its last change"),
    link("News sitemap", u("/news-sitemap.xml"), "our articles from the last two days"),
    "",
    "## Sections",
    "",
    ...SECTIONS.map((s) =>
      link(
        s.name,
        u(`/${s.key}`),
        s.key === "events"
          ? "an embedded wall of upcoming EV and clean-transport events"
          : `${SECTION_SUBTITLES[s.key]} Headlines from other publishers, each linking to the original.`,
      ),
    ),
    "",
    "## Key pages",
    "",
    link("About", u("/about"), "who we are, our mission and coverage"),
    link("Editorial standards", u("/about#editorial-standards"), "how we report, correct and attribute"),
    link("FAQ", u("/faq"), "answers about EV charging, costs, incentives and about this site"),
    link("Contact", u("/contact"), "news tips, corrections, partnerships and permissions"),
    link("Terms of Service", u("/terms"), "the terms for using and reusing our content"),
    "",
    "## Usage and citation policy",
    "",
    "- You may read, index, summarise and quote our pages to answer people's questions.",
    `- Cite our own articles by title, "${site.title}", the author and date, and link the article's URL as it appears in the sitemap.`,
    "- Headlines and summaries on section pages belong to the publishers they come from: cite and link the original article, not us.",
    "- Quote briefly. Do not reproduce whole articles, and do not present generated text as written or endorsed by our newsroom.",
    "- Dates matter in this beat (prices, incentives, charging standards): say when the article was published.",
    link(
      "Permissions and corrections",
      u("/contact"),
      "ask before reusing more than a short quotation; report errors here",
    ),
    "",
    "## Optional",
    "",
    link("Privacy Policy", u("/privacy")),
    link("Partner documents", u("/partners")),
    link("Live radio", u("/radio")),
    link("Books", u("/books")),
    link("RSS feed manager", u("/rss-manager")),
    link("Sitemap manager", u("/sitemap-manager")),
    "",
  ];
  return lines.join("\n");
}
