import { Link } from "react-router";
import { formatLongDate, formatShortDate } from "../../lib/dates.ts";
import { POST_IMAGE_HEIGHT, POST_IMAGE_WIDTH, type PostSummary } from "../../lib/posts.ts";

export function PostImage({ post, priority = false }: { post: PostSummary; priority?: boolean }) {
  return (
    <img
      src={post.image.src}
      alt={post.image.alt}
      width={POST_IMAGE_WIDTH}
      height={POST_IMAGE_HEIGHT}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      className="aspect-video w-full rounded bg-black/5 object-cover dark:bg-white/5"
    />
  );
}

/** "By Maya Okafor · Nov 21, 2026 · 5 min read" */
export function PostByline({ post, long = false }: { post: PostSummary; long?: boolean }) {
  const format = long ? formatLongDate : formatShortDate;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
      <span>
        By <span className="font-semibold text-[var(--fg)]">{post.author}</span>
      </span>
      <span aria-hidden="true">·</span>
      <time dateTime={post.publishedAt}>{format(post.publishedAt)}</time>
      {post.updatedAt ? (
        <>
          <span aria-hidden="true">·</span>
          <span>
            Updated <time dateTime={post.updatedAt}>{format(post.updatedAt)}</time>
          </span>
        </>
      ) : null}
      <span aria-hidden="true">·</span>
      <span>{post.readTime} min read</span>
    </p>
  );
}

export function PostCategory({ children }: { children: string }) {
  return <p className="text-xs font-bold uppercase tracking-wider text-[var(--link)]">{children}</p>;
}

/** A post in a list: image, category, title (a link to the post), description and byline. */
export function PostCard({
  post,
  lead = false,
  headingLevel = 2,
}: {
  post: PostSummary;
  lead?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      data-testid="post-card"
      className={lead ? "grid gap-5 md:grid-cols-[3fr_2fr] md:items-center" : "flex flex-col gap-3"}
    >
      <Link to={post.url} tabIndex={-1} aria-hidden="true" className="block">
        <PostImage post={post} priority={lead} />
      </Link>
      <div className="flex flex-col gap-2">
        <PostCategory>{post.category}</PostCategory>
        <Heading
          className={`font-serif font-bold leading-tight ${lead ? "text-3xl sm:text-4xl" : "text-xl"}`}
        >
          <Link to={post.url} className="hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className={`text-muted ${lead ? "text-lg leading-7" : "line-clamp-3 text-sm leading-6"}`}>
          {post.description}
        </p>
        {lead ? (
          <PostByline post={post} />
        ) : (
          <div className="text-sm text-muted">
            <p>
              By <span className="font-semibold text-[var(--fg)]">{post.author}</span>
            </p>
            <p>
              <time dateTime={post.publishedAt}>{formatShortDate(post.publishedAt)}</time>
              <span aria-hidden="true"> · </span>
              {post.readTime} min read
            </p>
          </div>
        )}
      </div>
    </article>
  );
}
