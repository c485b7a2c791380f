import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { textFileResponse } from "#server/publishing/http.server.ts";
import { llmsTxt } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/llms[.]txt";

/** /llms.txt: what the site is and how AI systems may use and cite it (llmstxt.org format). */
export function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(publicationContext);
  return textFileResponse(request, llmsTxt(site), {
    key: `${site.publication.slug}:llms`,
    contentType: "text/plain; charset=utf-8",
    cacheControl: CACHE.textFiles,
  });
}
