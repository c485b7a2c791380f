import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { textFileResponse, unlessStoreDown } from "#server/publishing/http.server.ts";
import { newsSitemapXml } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/news-sitemap[.]xml";

/** /news-sitemap.xml: Google News sitemap of our posts from the last two days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(publicationContext);
  return unlessStoreDown(async () =>
    textFileResponse(request, await newsSitemapXml(site), {
      key: `${site.publication.slug}:news-sitemap`,
      contentType: "application/xml; charset=utf-8",
      cacheControl: CACHE.sitemaps,
    }),
  );
}
