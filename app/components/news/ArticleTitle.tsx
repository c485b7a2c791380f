import { EXTERNAL, safeHttpUrl } from "#app/lib/links.ts";
import type { ArticleSummary } from "#domain/article.ts";

/** A headline that links out to the original article in a new tab (text only, http(s) only). */
export function ArticleTitle({
  article,
  as: Heading = "h3",
  className = "",
}: {
  article: Omit<ArticleSummary, "id">;
  as?: "h2" | "h3";
  className?: string;
}) {
  const href = safeHttpUrl(article.link);
  return (
    <Heading className={`font-serif font-bold leading-snug ${className}`}>
      {href ? (
        <a href={href} {...EXTERNAL} className="hover:underline hover:underline-offset-4">
          {article.title}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        article.title
      )}
    </Heading>
  );
}
