import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { textFileResponse } from "#server/publishing/http.server.ts";
import { robotsTxt } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/robots[.]txt";

/** /robots.txt: the whole site open to crawlers, and where the sitemaps are. */
export function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(publicationContext);
  return textFileResponse(request, robotsTxt(site), {
    key: `${site.publication.slug}:robots`,
    contentType: "text/plain; charset=utf-8",
    cacheControl: CACHE.textFiles,
  });
}
