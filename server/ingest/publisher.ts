import { capPublisher } from "#domain/publisher.ts";
import { htmlToText } from "./text.ts";

export { feedHost, MAX_PUBLISHER_CHARS, publisherName } from "#domain/publisher.ts";

/**
 * A channel title as a publisher's name (see domain/publisher.ts): plain text (markup stripped,
 * entities decoded, whitespace collapsed), at most MAX_PUBLISHER_CHARS; undefined when nothing is
 * left. Fetches store the title this way, so reads only pick a name.
 */
export function publisherText(raw: string | undefined): string | undefined {
  return capPublisher(htmlToText(raw)) || undefined;
}
