import type { PublicationAddress } from "#domain/publication.ts";

/**
 * robots.txt: the whole site is open to every crawler, and both sitemaps are named with absolute
 * URLs. Only /api/ is kept out: JSON for our own pages and the endless radio stream, which a crawler
 * would download forever. Nothing private is listed here (robots.txt is public, not a lock).
 */
export function buildRobots({ siteUrl, identity: site }: PublicationAddress): string {
  return [
    `# robots.txt for ${site.title} (${siteUrl}/)`,
    "# Every page is public. AI systems: see /llms.txt for how to use and cite our reporting.",
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    `Sitemap: ${siteUrl}/news-sitemap.xml`,
    "",
  ].join("\n");
}
