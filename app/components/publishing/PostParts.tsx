import type { ReactNode } from "react";
import { Link } from "react-router";
import { usePublication } from "#app/components/layout/publication.ts";
import { LaterImage } from "#app/components/ui/LaterImage.tsx";
import { formatLongDate, formatShortDate } from "#app/lib/dates.ts";
import { POST_IMAGE_HEIGHT, POST_IMAGE_WIDTH, type PostSummary } from "#domain/posts.ts";

/**
 * A post's illustration. `sizes` says how wide the page lays it out (CSS px, by breakpoint), so the
 * browser picks the narrowest srcset file that is sharp enough: 800w rather than the 1200 px original
 * on most phones, 480w in /blog's four-column grid and in a phone's card rows.
 */
export function PostImage({
  post,
  sizes,
  priority = false,
}: {
  post: PostSummary;
  sizes: string;
  priority?: boolean;
}) {
  const common = {
    src: post.image.src,
    srcSet: post.image.srcSet,
    sizes: post.image.srcSet ? sizes : undefined,
    alt: post.image.alt,
    width: POST_IMAGE_WIDTH,
    height: POST_IMAGE_HEIGHT,
    className: "aspect-video w-full rounded bg-black/5 object-cover dark:bg-white/5",
  };
  // The lead is the largest paint, fetched first; any other is below it, fetched after the paint.
  return priority ? (
    <img {...common} alt={common.alt} loading="eager" fetchPriority="high" decoding="sync" />
  ) : (
    <LaterImage {...common} />
  );
}

/**
 * "By Maya Okafor · Nov 21, 2026 · 5 min read". Each "·" belongs to the item after it (no break
 * between them), so a narrow screen wraps before a separator and never leaves one at a line's end.
 */
export function PostByline({ post, long = false }: { post: PostSummary; long?: boolean }) {
  const format = long ? formatLongDate : formatShortDate;
  const { timeZone } = usePublication();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
      <span>
        By <span className="font-semibold text-[var(--fg)]">{post.author}</span>
      </span>
      <Separated>
        <time dateTime={post.publishedAt}>{format(post.publishedAt, timeZone)}</time>
      </Separated>
      {post.updatedAt ? (
        <Separated>
          Updated <time dateTime={post.updatedAt}>{format(post.updatedAt, timeZone)}</time>
        </Separated>
      ) : null}
      <Separated>{post.readTime} min read</Separated>
    </p>
  );
}

function Separated({ children }: { children: ReactNode }) {
  return (
    <span>
      <span aria-hidden="true" className="mr-2">
        ·
      </span>
      {children}
    </span>
  );
}

export function PostCategory({ children }: { children: string }) {
  return <p className="text-xs font-bold uppercase tracking-wider text-[var(--link)]">{children}</p>;
}

/** A post in a list: image, category, title (a link to the post), description and byline. */
export function PostCard({
  post,
  imageSizes,
  lead = false,
  headingLevel = 2,
}: {
  post: PostSummary;
  /** The image's laid-out width: the `sizes` of the grid the card is in (see PostImage). */
  imageSizes: string;
  lead?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { timeZone } = usePublication();
  return (
    <article
      data-testid="post-card"
      // On a phone a card is a row with a thumbnail (7rem, the 480w file): a list reads faster, and
      // its pictures no longer share the first screen's bandwidth at the size of the lead's.
      className={
        lead
          ? "grid gap-5 md:grid-cols-[3fr_2fr] md:items-center"
          : "grid grid-cols-[7rem_1fr] items-start gap-4 sm:flex sm:flex-col sm:gap-3"
      }
    >
      <Link to={post.url} tabIndex={-1} aria-hidden="true" className="block">
        <PostImage post={post} sizes={imageSizes} priority={lead} />
      </Link>
      <div className="flex flex-col gap-2">
        <PostCategory>{post.category}</PostCategory>
        <Heading
          className={`font-serif font-bold leading-tight ${lead ? "text-3xl sm:text-4xl" : "text-lg sm:text-xl"}`}
        >
          <Link to={post.url} className="hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p
          className={`text-muted ${lead ? "text-lg leading-7" : "line-clamp-2 text-sm leading-6 sm:line-clamp-3"}`}
        >
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
              <time dateTime={post.publishedAt}>{formatShortDate(post.publishedAt, timeZone)}</time>
              <span aria-hidden="true">{" ·\u00a0"}</span>
              {post.readTime} min read
            </p>
          </div>
        )}
      </div>
    </article>
  );
}
