import { CACHE } from "#server/http/cache-policies.server.ts";
import { servicesContext } from "#server/http/request-context.server.ts";
import { textFileResponse, unlessStoreDown } from "#server/publishing/http.server.ts";
import { sitemapXml } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/sitemap[.]xml";

/** /sitemap.xml: every public page with lastmod, changefreq and priority. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return unlessStoreDown(async () =>
    textFileResponse(request, await sitemapXml(context.get(servicesContext)), {
      key: "sitemap",
      contentType: "application/xml; charset=utf-8",
      cacheControl: CACHE.sitemaps,
    }),
  );
}
