import { XmlPreview } from "#app/components/publishing/XmlPreview.tsx";
import { Island } from "#app/components/ui/Island.tsx";
import SitemapManagerIsland from "#app/islands/sitemap-manager.tsx";
import { seo } from "#app/lib/seo.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { newsSitemapStatus } from "#server/publishing/news-sitemap-status.server.ts";
import { currentPosts, llmsTxt, robotsTxt } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/sitemap-manager";

export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(publicationContext);
  return {
    // Said before anyone generates it: an empty news sitemap is expected most days, not broken.
    news: newsSitemapStatus(currentPosts(site), new Date(), site.identity.timeZone),
    files: [
      {
        name: "robots.txt",
        text: robotsTxt(site),
        blurb: "Tells crawlers the whole site is open to them and where both sitemaps are.",
      },
      {
        name: "llms.txt",
        text: llmsTxt(site),
        blurb:
          "Our guidelines for AI systems: what the site is, its sections and feeds, and how to use and cite us.",
      },
    ],
  };
}

export function headers() {
  return { "Cache-Control": CACHE.fresh };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Sitemap Manager",
    description: "Generate and download our sitemap and news sitemap, and read our robots.txt and llms.txt.",
    path: "/sitemap-manager",
  });

export default function SitemapManager({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <header className="border-b border-line pb-6">
        <h1 className="font-serif text-4xl font-bold sm:text-5xl">Sitemap Manager</h1>
        <p className="mt-3 text-lg text-muted">
          The files search engines and other crawlers read to find our pages. Each is built fresh from our
          posts and the newest stored headlines of every section.
        </p>
      </header>
      <Island
        name="sitemap-manager"
        component={SitemapManagerIsland}
        props={{ newsNote: loaderData.news.note }}
        className="mt-8"
      />
      <section aria-labelledby="crawler-files" className="mt-12">
        <h2 id="crawler-files" className="font-serif text-3xl font-bold">
          Crawler files
        </h2>
        <div className="mt-4 space-y-8">
          {loaderData.files.map((f) => (
            <section key={f.name} aria-labelledby={`file-${f.name}`}>
              <h3 id={`file-${f.name}`} className="font-mono text-lg font-bold">
                {f.name}
              </h3>
              <p className="mt-1 mb-3 text-muted">
                {f.blurb}{" "}
                <a href={`/${f.name}`} className="link whitespace-nowrap">
                  Open /{f.name}
                </a>
              </p>
              <XmlPreview text={f.text} label={`${f.name} contents`} wrap />
            </section>
          ))}
        </div>
      </section>
    </div>
  );
}
