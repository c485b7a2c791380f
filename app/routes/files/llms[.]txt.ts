import { CACHE } from "#server/http/cache-policies.server.ts";
import { servicesContext } from "#server/http/request-context.server.ts";
import { textFileResponse } from "#server/publishing/http.server.ts";
import { llmsTxt } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/llms[.]txt";

/** /llms.txt: what the site is and how AI systems may use and cite it (llmstxt.org format). */
export function loader({ request, context }: Route.LoaderArgs) {
  return textFileResponse(request, llmsTxt(context.get(servicesContext).config.SITE_URL), {
    key: "llms",
    contentType: "text/plain; charset=utf-8",
    cacheControl: CACHE.textFiles,
  });
}
