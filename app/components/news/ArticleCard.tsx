import type { CardArticle } from "#domain/article.ts";
import { ArticleImage } from "./ArticleImage.tsx";
import { ArticleMeta, CategoryLabel } from "./ArticleMeta.tsx";
import { ArticleTitle } from "./ArticleTitle.tsx";

/**
 * A card: category (with the publisher's topic), title (links out), excerpt clamped to three lines,
 * short date and read time. The date follows the text: a card never stretches to its row's height
 * with a gap above its date.
 */
export function ArticleCard({
  article,
  withImage = false,
  heading = "h3",
  sample = false,
  className = "",
}: {
  article: CardArticle;
  /** The section page's first story: its image fills the height the cards beside it take. */
  withImage?: boolean;
  /** Its place in the grid (a column span). */
  className?: string;
  /** A sample headline (SAMPLE_FALLBACK), labelled as one. */
  sample?: boolean;
  /** h3 under a block's h2 on the home page; h2 directly under a section page's h1. */
  heading?: "h2" | "h3";
}) {
  const text = (
    <>
      <CategoryLabel topic={article.categories?.[0]} sample={sample}>
        {article.category}
      </CategoryLabel>
      <ArticleTitle article={article} as={heading} className="text-lg" />
      {article.excerpt ? (
        <p className="line-clamp-3 text-sm leading-6 text-muted">{article.excerpt}</p>
      ) : null}
      <ArticleMeta article={article} />
    </>
  );
  if (!withImage) {
    return (
      <article
        className={`flex flex-col gap-2 border-t border-line pt-3 ${className}`}
        data-testid="article-card"
      >
        {text}
      </article>
    );
  }
  // Across two columns on a tablet: the picture beside the text (a full-width 16:9 picture would
  // fill the screen); from lg up, above it, filling the height of the two cards beside it.
  return (
    <article
      className={`flex flex-col gap-2 border-t border-line pt-3 sm:grid sm:grid-cols-[3fr_2fr] sm:items-start sm:gap-x-6 lg:flex ${className}`}
      data-testid="article-card"
    >
      {/* The section page's only picture, at the top: its largest paint, fetched first. */}
      <ArticleImage src={article.imageUrl} fill priority />
      <div className="flex flex-col gap-2">{text}</div>
    </article>
  );
}

/** The home page's lead: image, category, title, excerpt, date and read time. */
export function LeadArticle({ article, sample = false }: { article: CardArticle; sample?: boolean }) {
  return (
    <article className="grid gap-4 md:grid-cols-[3fr_2fr] md:items-start" data-testid="lead-article">
      <ArticleImage src={article.imageUrl} priority />
      <div className="flex flex-col gap-3">
        <CategoryLabel topic={article.categories?.[0]} sample={sample}>
          {article.category}
        </CategoryLabel>
        <ArticleTitle article={article} as="h3" className="text-2xl sm:text-3xl" />
        {article.excerpt ? (
          <p className="text-base leading-7 text-muted line-clamp-5">{article.excerpt}</p>
        ) : null}
        <ArticleMeta article={article} />
      </div>
    </article>
  );
}
