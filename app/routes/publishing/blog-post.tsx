import { data, Link, redirect } from "react-router";
import { Rss } from "#app/components/publishing/icons.tsx";
import { PostByline, PostCard, PostCategory, PostImage } from "#app/components/publishing/PostParts.tsx";
import { ArrowLeft } from "#app/components/ui/icons.tsx";
import { publicationFrom, seo, siteUrlFrom } from "#app/lib/seo.ts";
import { postPath } from "#domain/posts.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext } from "#server/http/request-context.server.ts";
import { logger } from "#server/logger.server.ts";
import { toPostSummary } from "#server/publishing/posts.server.ts";
import { currentPosts } from "#server/publishing/site-files.server.ts";
import type { Route } from "./+types/blog-post";

/*
 * How wide the images are laid out, for their srcset: <main> has px-4 (sm: px-6) padding; the
 * article is at most 768 px, the "More from the blog" grid at most 1024 px in 3 columns from sm (gap-8).
 */
const HERO_IMAGE_SIZES =
  "(min-width: 816px) 768px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";
const MORE_IMAGE_SIZES = "(min-width: 1072px) 320px, (min-width: 640px) calc(33.3vw - 37px), 7rem";

export function loader({ params, context }: Route.LoaderArgs) {
  const posts = currentPosts(context.get(publicationContext));
  const slug = params.slug;
  const index = posts.findIndex((p) => p.slug === slug);
  const post = posts[index];
  if (!post) {
    // An address typed in capitals still finds its post, at its one canonical address.
    const lower = slug.toLowerCase();
    if (lower !== slug && posts.some((p) => p.slug === lower)) throw redirect(postPath(lower), 301);
    logger.warn({ slug: slug.slice(0, 100) }, "post not found");
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  const more = posts.filter((p) => p.slug !== post.slug).slice(0, 3);
  return {
    post: { ...toPostSummary(post), html: post.html, keywords: post.keywords },
    more: more.map(toPostSummary),
  };
}

export function headers() {
  return { "Cache-Control": CACHE.stable };
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) return [];
  const siteUrl = siteUrlFrom(args.matches);
  const image = `${siteUrl}${post.image.src}`;
  // The post's own illustration replaces the site's default social image.
  const tags = seo(args, {
    title: post.title,
    description: post.description,
    path: post.url,
    type: "article",
  })
    .filter((t) => !("property" in t && String(t.property).startsWith("og:image")))
    .filter((t) => !("name" in t && t.name === "twitter:image"));
  return [
    ...tags,
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "675" },
    { property: "og:image:alt", content: post.image.alt || post.title },
    { name: "twitter:image", content: image },
    { property: "article:published_time", content: post.publishedAt },
    ...(post.updatedAt ? [{ property: "article:modified_time", content: post.updatedAt }] : []),
    { property: "article:section", content: post.category },
    { name: "author", content: post.author },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        mainEntityOfPage: `${siteUrl}${post.url}`,
        headline: post.title,
        description: post.description,
        image: [image],
        datePublished: post.publishedAt,
        dateModified: post.updatedAt ?? post.publishedAt,
        author: [{ "@type": "Person", name: post.author }],
        publisher: { "@id": `${siteUrl}/#organization` },
        articleSection: post.category,
        keywords: post.keywords.join(", "),
        inLanguage: publicationFrom(args.matches).language,
      },
    },
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, more } = loaderData;
  return (
    <div>
      <article aria-labelledby="post-title" className="mx-auto max-w-3xl">
        <p>
          <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-semibold link">
            <ArrowLeft aria-hidden="true" className="size-4" />
            All posts
          </Link>
        </p>
        <header className="mt-4">
          <PostCategory>{post.category}</PostCategory>
          <h1 id="post-title" className="mt-2 font-serif text-4xl font-bold leading-tight sm:text-5xl">
            {post.title}
          </h1>
          <p className="mt-4 text-xl leading-8 text-muted">{post.description}</p>
          <div className="mt-4 border-y border-line py-3">
            <PostByline post={post} long />
          </div>
        </header>
        <figure className="mt-6">
          <PostImage post={post} sizes={HERO_IMAGE_SIZES} priority />
        </figure>
        <div
          className="prose-news mt-4 [&_blockquote]:mt-5 [&_blockquote]:border-l-4 [&_blockquote]:border-[var(--link)] [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-black/5 [&_code]:px-1 [&_code]:text-[0.9em] dark:[&_code]:bg-white/10 [&_h3]:mt-6 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-bold [&_hr]:my-8 [&_hr]:border-line [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:font-semibold [&_table]:mt-5 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_table]:text-sm sm:[&_table]:text-base [&_td:first-child]:whitespace-nowrap [&_td]:border-b [&_td]:border-line [&_td]:px-1.5 sm:[&_td]:px-2 [&_td]:py-2 [&_td]:align-top [&_th]:border-b-2 [&_th]:border-line [&_th]:px-1.5 sm:[&_th]:px-2 [&_th]:py-2 [&_th]:align-bottom [&_th]:font-semibold"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built on the server from our own markdown and sanitised with sanitize-html (server/publishing/markdown.server.ts): safe tags only, http(s) or relative links
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
        <footer className="mt-10 flex flex-col gap-3 border-t border-line pt-6 text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            Questions or a correction?{" "}
            <Link to="/contact" className="link">
              Write to the newsroom
            </Link>
            .
          </p>
          <a href="/rss.xml" className="inline-flex items-center gap-2 font-semibold link">
            <Rss aria-hidden="true" className="size-4" />
            Follow our posts by RSS
          </a>
        </footer>
      </article>
      {more.length > 0 ? (
        <section
          aria-labelledby="more-title"
          className="mx-auto mt-12 max-w-5xl border-t-2 border-ink pt-4 dark:border-white"
        >
          <h2 id="more-title" className="font-serif text-2xl font-bold">
            More from the blog
          </h2>
          <div className="mt-5 grid gap-8 sm:grid-cols-3">
            {more.map((p) => (
              <PostCard key={p.slug} post={p} imageSizes={MORE_IMAGE_SIZES} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
