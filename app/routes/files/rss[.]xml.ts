import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { textFileResponse } from "#server/publishing/http.server.ts";
import { rssFeed } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/rss[.]xml";

/** /rss.xml: our own posts as RSS 2.0, with ETag and Last-Modified (304 for a current copy). */
export function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(publicationContext);
  return textFileResponse(request, rssFeed(site).xml, {
    key: `${site.publication.slug}:rss`,
    contentType: "application/rss+xml; charset=utf-8",
    cacheControl: CACHE.rss,
  });
}
