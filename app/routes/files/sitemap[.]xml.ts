import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { textFileResponse, unlessStoreDown } from "#server/publishing/http.server.ts";
import { sitemapXml } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/sitemap[.]xml";

/** /sitemap.xml: every public page with lastmod, changefreq and priority. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(publicationContext);
  return unlessStoreDown(async () =>
    textFileResponse(request, await sitemapXml(site), {
      key: `${site.publication.slug}:sitemap`,
      contentType: "application/xml; charset=utf-8",
      cacheControl: CACHE.sitemaps,
    }),
  );
}
