import { usePublication } from "#app/components/layout/publication.ts";
import { Rss } from "#app/components/publishing/icons.tsx";
import { PostCard } from "#app/components/publishing/PostParts.tsx";
import { seo } from "#app/lib/seo.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { toPostSummary } from "#server/publishing/posts.server.ts";
import { currentPosts } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/blog";

/*
 * How wide the post images are laid out, for their srcset: <main> is at most 1280 px with px-4
 * (sm: px-6) padding; the lead card gives its image 3/5 of the row from md (gap-5), the grid below
 * has 2 columns from sm and 4 from lg (gap-x-6).
 */
const LEAD_IMAGE_SIZES =
  "(min-width: 1280px) 728px, (min-width: 768px) calc(60vw - 41px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";
const CARD_IMAGE_SIZES =
  "(min-width: 1280px) 290px, (min-width: 1024px) calc(25vw - 30px), (min-width: 640px) calc(50vw - 36px), 7rem";

const DESCRIPTION =
  "Reporting and explainers from our newsroom on electric vehicles, charging and sustainable transport.";

export function loader({ context }: Route.LoaderArgs) {
  return { posts: currentPosts(context.get(publicationContext)).map(toPostSummary) };
}

export function headers() {
  return { "Cache-Control": CACHE.stable };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Blog", description: DESCRIPTION, path: "/blog" });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const [lead, ...rest] = loaderData.posts;
  const identity = usePublication();
  return (
    <div>
      <header className="flex flex-col gap-4 border-b border-line pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-serif text-4xl font-bold sm:text-5xl">Blog</h1>
          <p className="mt-2 max-w-2xl text-lg text-muted">
            {DESCRIPTION} Written and edited by the newsroom of {identity.title}.
          </p>
        </div>
        <a
          href="/rss.xml"
          className="inline-flex shrink-0 items-center gap-2 self-start rounded border border-line px-3 py-2 text-sm font-semibold hover:bg-black/5 sm:self-auto dark:hover:bg-white/10"
        >
          <Rss aria-hidden="true" className="size-4 text-[#c2410c] dark:text-orange-400" />
          RSS feed
        </a>
      </header>
      {lead ? (
        <div className="mt-8 space-y-10">
          <PostCard post={lead} imageSizes={LEAD_IMAGE_SIZES} lead />
          {rest.length > 0 ? (
            <section aria-labelledby="more-posts">
              <h2 id="more-posts" className="sr-only">
                More posts
              </h2>
              <div className="grid gap-x-6 gap-y-10 border-t border-line pt-8 sm:grid-cols-2 lg:grid-cols-4">
                {rest.map((post) => (
                  <PostCard key={post.slug} post={post} imageSizes={CARD_IMAGE_SIZES} headingLevel={3} />
                ))}
              </div>
            </section>
          ) : null}
        </div>
      ) : (
        <p className="mt-8 rounded border border-line bg-surface p-6 text-center text-muted">
          No posts yet. Please check back soon.
        </p>
      )}
    </div>
  );
}
