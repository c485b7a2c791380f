import { usePublication } from "#app/components/layout/publication.ts";
import { formatShortDate } from "#app/lib/dates.ts";
import type { ArticleSummary } from "#domain/article.ts";

/**
 * Publisher, then date and read time under a headline: "Electrek", then "Nov 21, 2026 · 4 min read".
 * The publisher has a row of its own, so a narrow card never ends a line with a stray "·".
 */
export function ArticleMeta({
  article,
  showReadTime = true,
}: {
  article: Omit<ArticleSummary, "id">;
  showReadTime?: boolean;
}) {
  const date = formatShortDate(article.publishedAt, usePublication().timeZone);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
      <Publisher name={article.publisher} className="basis-full" />
      {date ? <time dateTime={article.publishedAt}>{date}</time> : null}
      {date && showReadTime && article.readTime ? <span aria-hidden="true">·</span> : null}
      {showReadTime && article.readTime ? <span>{article.readTime} min read</span> : null}
    </p>
  );
}

/**
 * Who published the headline, as text (the name is feed text: React escapes it). A long name is
 * cut with an ellipsis rather than pushing the date off the card; the whole name is its title.
 */
export function Publisher({ name, className = "" }: { name: string; className?: string }) {
  return (
    <span
      className={`max-w-full truncate font-semibold text-[var(--fg)] ${className}`}
      title={name}
      data-testid="publisher"
    >
      {name}
    </span>
  );
}

/**
 * The section's name, then the publisher's own category for the item when it gave one, as a small
 * tag that wraps under the name when a narrow card has no room beside it.
 */
export function CategoryLabel({
  children,
  topic,
  sample = false,
}: {
  children: string;
  topic?: string;
  /** One of our own sample headlines, not news: the card says so (issue 27). */
  sample?: boolean;
}) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-bold uppercase tracking-wider text-[var(--link)]">
      {sample ? (
        <>
          <span
            className="rounded bg-ink px-1.5 text-white dark:bg-white dark:text-ink"
            data-testid="sample-label"
          >
            Sample
          </span>
          <span className="sr-only">: </span>
        </>
      ) : null}
      <span>{children}</span>
      {topic ? (
        <>
          <span className="sr-only">, </span>
          <span
            className="max-w-full truncate rounded border border-line px-1.5 font-medium normal-case tracking-normal text-muted"
            data-testid="topic"
          >
            {topic}
          </span>
        </>
      ) : null}
    </p>
  );
}
