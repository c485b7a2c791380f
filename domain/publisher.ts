/**
 * Who published a headline (issue 26: every headline names its publisher). The feed list may name
 * the publisher; otherwise the feed's own channel title (RSS <channel><title>, Atom <feed><title>)
 * names it; a feed with neither is named by its host, so a headline never lacks a source. Pure, for
 * the store and the feed engine alike (the channel title is made plain text where it is read:
 * server/ingest/publisher.ts).
 */

/** The longest publisher name kept: a name, not a paragraph (a longer one is cut, with "…"). */
export const MAX_PUBLISHER_CHARS = 100;

/** Plain text as a publisher's name: one line, at most MAX_PUBLISHER_CHARS; "" when empty. */
export function capPublisher(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= MAX_PUBLISHER_CHARS) return line;
  let cut = MAX_PUBLISHER_CHARS - 1;
  // Never split a surrogate pair.
  const last = line.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return `${line.slice(0, cut).trimEnd()}…`;
}

/** A feed URL's host ("feeds.example.com"; "www." dropped), without its port or credentials. */
export function feedHost(url: string): string {
  const host = URL.parse(url)?.hostname ?? "";
  const name = host.replace(/^www\./i, "");
  return name === "" ? url : name;
}

/** The publisher of a feed's headlines: the configured name, else the channel title, else the host. */
export function publisherName(feed: { url: string; name?: string | null; title?: string | null }): string {
  return feed.name || capPublisher(feed.title ?? "") || feedHost(feed.url);
}
