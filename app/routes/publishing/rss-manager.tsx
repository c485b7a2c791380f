import { Rss } from "#app/components/publishing/icons.tsx";
import { Island } from "#app/components/ui/Island.tsx";
import RssManager from "#app/islands/rss-manager.tsx";
import { seo } from "#app/lib/seo.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { libraryOf, rssManagerData } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/rss-manager";

export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(publicationContext);
  const data = rssManagerData(site, libraryOf(site).current());
  return {
    ...data,
    timeZone: site.identity.timeZone,
    recent: data.recent.map((p) => ({
      title: p.title,
      url: p.url,
      publishedAt: p.publishedAt,
      category: p.category,
      author: p.author,
    })),
  };
}

export function headers() {
  return { "Cache-Control": CACHE.fresh };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "RSS Feed Manager",
    description:
      "Our RSS feed: copy its address, view, refresh or download it, and see the newest posts in it.",
    path: "/rss-manager",
  });

export default function RssManagerPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <header className="border-b border-line pb-6">
        <h1 className="flex items-center gap-3 font-serif text-3xl font-bold sm:text-5xl">
          <Rss
            aria-hidden="true"
            className="size-8 shrink-0 text-[#c2410c] sm:size-10 dark:text-orange-400"
          />
          RSS Feed Manager
        </h1>
        <p className="mt-3 text-lg text-muted">
          Our own posts as an RSS 2.0 feed: the newest 50, each with its full text, built from the articles
          our newsroom publishes on the{" "}
          <a href="/blog" className="link">
            blog
          </a>
          .
        </p>
      </header>
      <Island
        name="rss-manager"
        component={RssManager}
        props={loaderData}
        fromHtml={["xml"]}
        className="mt-8"
      />
    </div>
  );
}
