import { ExternalLink } from "#app/components/ui/icons.tsx";
import type { Book } from "#content/books.ts";

export const PLACEHOLDER_COVER = "/covers/placeholder.svg";

/**
 * A book card; a cover that fails to load swaps once to the local placeholder and never loops
 * (the page script: app/browser/images.ts).
 */
export function BookCard({ book }: { book: Book }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface">
      <img
        src={book.cover}
        data-fallback-src={PLACEHOLDER_COVER}
        alt={`Cover of ${book.title}`}
        width={400}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[2/3] w-full bg-page object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-3">
        <h3 className="line-clamp-2 font-serif text-base font-bold leading-snug" title={book.title}>
          {book.title}
        </h3>
        <a
          href={book.link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-auto inline-flex items-center justify-center gap-1.5 rounded bg-ink px-3 py-2 text-sm font-semibold text-white hover:opacity-90 dark:bg-white dark:text-ink"
        >
          View on Amazon
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">: {book.title} (opens in a new tab)</span>
        </a>
      </div>
    </li>
  );
}
