import { Link, useLocation } from "react-router";
import { type CardArticle, listKey } from "#domain/article.ts";
import { ArticleCard, LeadArticle } from "./ArticleCard.tsx";
import { cardRows } from "./cardRows.ts";

/** One home-page block: heading, See All link, then a lead + 4 cards (first block) or 5 cards. */
export function NewsBlock({
  sectionKey,
  name,
  articles,
  lead = false,
  sample = false,
}: {
  sectionKey: string;
  name: string;
  articles: CardArticle[];
  lead?: boolean;
  /** The block shows sample headlines: every card says so. */
  sample?: boolean;
}) {
  const [first, ...rest] = articles;
  const cards = lead ? rest : articles;
  const id = `block-${sectionKey}`;
  const rows = cardRows(cards.length);
  return (
    <section
      aria-labelledby={id}
      className="border-t-2 border-ink pt-4 dark:border-white"
      data-block={sectionKey}
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="font-serif text-2xl font-bold sm:text-3xl">
          {name}
        </h2>
        <Link
          to={`/${sectionKey}`}
          className="shrink-0 text-sm font-semibold link"
          aria-label={`See All ${name}`}
        >
          See All
        </Link>
      </div>
      {lead && first ? (
        <div className="mt-4">
          <LeadArticle article={first} sample={sample} />
        </div>
      ) : null}
      <div className={`mt-4 grid gap-x-6 gap-y-5 ${rows.grid}`}>
        {cards.map((a, i) => (
          <ArticleCard
            key={listKey(a, i)}
            article={a}
            sample={sample}
            className={i === 0 ? rows.first : ""}
          />
        ))}
      </div>
    </section>
  );
}

/** "A, B and C": the sections a notice names. */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Says which sections show sample headlines, so a reader can tell them from the news beside them. */
export function SampleNotice({ sections }: { sections: readonly string[] }) {
  return (
    <p role="status" className="rounded border border-line bg-surface px-4 py-2 text-sm text-muted">
      Showing sample headlines for {listOf(sections)}: live feeds are unreachable right now.
    </p>
  );
}

/** Spec: 'Failed to load articles' with a 'Try again' link that reloads the page. */
export function LoadError({ message }: { message: string }) {
  const location = useLocation();
  return (
    <div
      role="alert"
      data-load-error
      className="rounded border border-red-300 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <p className="font-semibold text-red-800 dark:text-red-200">{message}</p>
      {/* A plain link to this same address: following it reloads the whole page. */}
      <a href={`${location.pathname}${location.search}`} className="mt-3 inline-block font-semibold link">
        Try again
      </a>
    </div>
  );
}
