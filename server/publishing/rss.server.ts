import { postPath } from "#domain/posts.ts";
import type { PublicationAddress } from "#domain/publication.ts";
import { absolutizeHtml } from "./markdown.server.ts";
import { type Post, postModifiedAt } from "./posts.server.ts";
import { cdata, element, escapeXml, rfc822 } from "./xml.server.ts";

/** Spec §9: the newest 50 posts, readers may cache for 60 minutes, a 144x144 channel image. */
export const RSS_MAX_ITEMS = 50;
export const RSS_TTL_MINUTES = 60;
export const RSS_IMAGE = { path: "/images/rss-logo.png", width: 144, height: 144 } as const;
export const RSS_PATH = "/rss.xml";

export type RssFeed = {
  xml: string;
  /** When the newest item last changed: the channel's lastBuildDate. */
  lastBuildDate: Date;
  items: number;
};

/** RSS wants an e-mail address for an author: the newsroom's, with the writer's name. */
export function rssAuthor(name: string, newsroomEmail: string): string {
  return `${newsroomEmail} (${name.replace(/[()]/g, "")})`;
}

function item(post: Post, { siteUrl, identity }: PublicationAddress): string {
  const url = `${siteUrl}${postPath(post.slug)}`;
  const i = "      ";
  return (
    "    <item>\n" +
    element("title", post.title, i) +
    element("link", url, i) +
    `${i}<guid isPermaLink="true">${escapeXml(url)}</guid>\n` +
    element("description", post.description, i) +
    `${i}<content:encoded>${cdata(absolutizeHtml(post.html, siteUrl))}</content:encoded>\n` +
    element("pubDate", rfc822(new Date(post.publishedAt)), i) +
    element("author", rssAuthor(post.author, identity.newsroomEmail), i) +
    element("dc:creator", post.author, i) +
    element("category", post.category, i) +
    `${i}<enclosure url="${escapeXml(`${siteUrl}${post.image.path}`)}" length="${post.image.length}" type="${escapeXml(post.image.type)}"/>\n` +
    "    </item>\n"
  );
}

/**
 * The site's RSS 2.0 feed of our own posts (newest 50). Every URL is absolute from `siteUrl`. The
 * document depends only on the posts, so the same posts give the same bytes (and the same ETag):
 * lastBuildDate is the newest post's date, or `emptyDate` when there are none.
 */
export function buildRss(
  posts: readonly Post[],
  address: PublicationAddress,
  emptyDate: Date = new Date(0),
): RssFeed {
  const { siteUrl, identity: site } = address;
  const newest = [...posts]
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug))
    .slice(0, RSS_MAX_ITEMS);
  const modified = newest.map(postModifiedAt).sort().at(-1);
  const lastBuildDate = modified ? new Date(modified) : emptyDate;
  const channelLink = `${siteUrl}/blog`;
  const c = "    ";
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n' +
    "  <channel>\n" +
    element("title", site.title, c) +
    element("link", channelLink, c) +
    element("description", site.description, c) +
    element("language", site.language.toLowerCase(), c) +
    element("managingEditor", `${site.newsroomEmail} (${site.title} newsroom)`, c) +
    element("lastBuildDate", rfc822(lastBuildDate), c) +
    (newest[0] ? element("pubDate", rfc822(new Date(newest[0].publishedAt)), c) : "") +
    element("docs", "https://www.rssboard.org/rss-specification", c) +
    element("generator", `${site.title} publishing`, c) +
    element("ttl", RSS_TTL_MINUTES, c) +
    `${c}<atom:link href="${escapeXml(`${siteUrl}${RSS_PATH}`)}" rel="self" type="application/rss+xml"/>\n` +
    `${c}<image>\n` +
    element("url", `${siteUrl}${RSS_IMAGE.path}`, `${c}  `) +
    element("title", site.title, `${c}  `) +
    element("link", channelLink, `${c}  `) +
    element("width", RSS_IMAGE.width, `${c}  `) +
    element("height", RSS_IMAGE.height, `${c}  `) +
    `${c}</image>\n` +
    newest.map((p) => item(p, address)).join("") +
    "  </channel>\n" +
    "</rss>\n";
  return { xml, lastBuildDate, items: newest.length };
}
