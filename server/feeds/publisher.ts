import { firstChars, htmlToText } from "./text.ts";

/**
 * Who published a headline (issue 26: every headline names its publisher). The feed list may name
 * the publisher; otherwise the feed's own channel title (RSS <channel><title>, Atom <feed><title>)
 * names it; a feed with neither is named by its host, so a headline never lacks a source.
 */

/** The longest publisher name kept: a name, not a paragraph (a longer one is cut, with "…"). */
export const MAX_PUBLISHER_CHARS = 100;

/**
 * A channel title as a publisher's name: plain text (markup stripped, entities decoded, whitespace
 * collapsed), at most MAX_PUBLISHER_CHARS; undefined when nothing is left.
 */
export function publisherText(raw: string | undefined): string | undefined {
  const text = htmlToText(raw);
  if (text === "") return undefined;
  return text.length <= MAX_PUBLISHER_CHARS
    ? text
    : `${firstChars(text, MAX_PUBLISHER_CHARS - 1).trimEnd()}…`;
}

/** A feed URL's host ("feeds.example.com"; "www." dropped), without its port or credentials. */
export function feedHost(url: string): string {
  const host = URL.parse(url)?.hostname ?? "";
  const name = host.replace(/^www\./i, "");
  return name === "" ? url : name;
}

/** The publisher of a feed's headlines: the configured name, else the channel title, else the host. */
export function publisherName(feed: { url: string; name?: string | null; title?: string | null }): string {
  return feed.name || publisherText(feed.title ?? undefined) || feedHost(feed.url);
}
