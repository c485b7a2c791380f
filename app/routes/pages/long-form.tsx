import { StaticPage } from "#app/components/pages/StaticPage.tsx";
import { seo } from "#app/lib/seo.ts";
import { aboutPage, privacyPage, termsPage } from "#content/pages.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import type { Route } from "./+types/long-form";

// One module for the long-form pages; app/routes.ts mounts it once per page, and the path says which.
const PAGES = { about: aboutPage, privacy: privacyPage, terms: termsPage };

/** "/about", "/About/" and the like name the page "about". */
function slugOf(pathname: string): string {
  return pathname.replace(/\/+$/, "").split("/").pop()?.toLowerCase() ?? "";
}

// The text comes through the loader, so it is in the HTML but not in a script chunk.
export function loader({ pattern, context }: Route.LoaderArgs) {
  // The route's own path ("/about"), not the request's (a client navigation asks for "/about.data").
  const slug = slugOf(pattern);
  if (!Object.hasOwn(PAGES, slug)) throw new Response("Not Found", { status: 404 });
  return { page: PAGES[slug as keyof typeof PAGES](context.get(publicationContext).identity) };
}

export function headers() {
  return { "Cache-Control": CACHE.stable };
}

export const meta: Route.MetaFunction = (args) => {
  const slug = slugOf(args.location.pathname);
  return seo(args, {
    title: args.loaderData?.page.title ?? slug.charAt(0).toUpperCase() + slug.slice(1),
    description: args.loaderData?.page.description,
  });
};

export default function LongFormPage({ loaderData }: Route.ComponentProps) {
  return <StaticPage page={loaderData.page} />;
}
