import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { logger } from "#server/logger.server.ts";
import { libraryOf, rssManagerData } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/rss-regenerate";

/**
 * POST /rss-manager/regenerate: rebuilds the posts from content/blog and the feed from them, now,
 * rather than when a file change is next noticed. Answers with what /rss-manager shows.
 */
/** Only POST rebuilds; a GET (a crawler following a link, say) is told so. */
export function loader() {
  return new Response("Use POST to regenerate the RSS feed.\n", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export function action({ context, request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ ok: false, error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  }
  const site = context.get(publicationContext);
  try {
    const collection = libraryOf(site).regenerate();
    return Response.json(
      { ok: true, ...rssManagerData(site, collection) },
      { headers: { "Cache-Control": CACHE.none } },
    );
  } catch (error) {
    logger.error({ err: String(error) }, "RSS feed regeneration failed");
    return Response.json(
      { ok: false, error: "Failed to generate RSS feed" },
      { status: 500, headers: { "Cache-Control": CACHE.none } },
    );
  }
}
