import type { MailServiceOptions } from "#server/mail/mail.server.ts";
import type { FeedEngine } from "#server/news/engine.server.ts";
import { postLibrary, publishedPosts } from "#server/publishing/posts.server.ts";
import type { Publications } from "./registry.server.ts";
import { publicationSiteUrl } from "./request.server.ts";

/**
 * The mail service's view of the publications (PUBLICATIONS_DIR): each one's address, identity,
 * reader and posts, as its mail and its edition are written; `only` narrows them (a CLI's
 * --publication). Undefined without PUBLICATIONS_DIR: the bundled site's mail only.
 */
export function mailPublications(
  publications: Publications,
  feeds: Pick<FeedEngine, "reader">,
  siteUrl: string,
  only?: readonly string[],
): MailServiceOptions["publications"] {
  if (!publications.fromDir) return undefined;
  return {
    all: () => [...publications.current().bySlug.keys()].filter((slug) => !only || only.includes(slug)),
    timeZones: () => [
      ...new Set([...publications.current().bySlug.values()].map((p) => p.identity.timeZone)),
    ],
    timeZoneOf: (slug) => publications.current().bySlug.get(slug)?.identity.timeZone,
    get(slug) {
      const now = publications.current();
      const p = now.bySlug.get(slug);
      // Its folder is there but cannot be read now: its mail waits rather than going for nothing.
      if (!p) return now.refused.includes(slug) ? null : undefined;
      // Its list not yet handed to the engine: its mail waits, never filled with another's news.
      const reader = feeds.reader(slug);
      if (!reader) return null;
      return {
        identity: p.identity,
        siteUrl: publicationSiteUrl(p, siteUrl, true),
        reader,
        posts: () => publishedPosts(postLibrary(p.blogDir).current()),
      };
    },
  };
}
