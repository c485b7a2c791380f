import type { ArticleSummary } from "../../lib/article.ts";
import { formatShortDate } from "../../lib/dates.ts";

/** Date and read time under a headline: "Nov 21, 2026 · 4 min read". */
export function ArticleMeta({
  article,
  showReadTime = true,
}: {
  article: ArticleSummary;
  showReadTime?: boolean;
}) {
  const date = formatShortDate(article.publishedAt);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
      {date ? <time dateTime={article.publishedAt}>{date}</time> : null}
      {date && showReadTime && article.readTime ? <span aria-hidden="true">·</span> : null}
      {showReadTime && article.readTime ? <span>{article.readTime} min read</span> : null}
    </p>
  );
}

export function CategoryLabel({ children }: { children: string }) {
  return <p className="text-xs font-bold uppercase tracking-wider text-[var(--link)]">{children}</p>;
}
