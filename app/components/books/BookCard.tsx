import { ExternalLink } from "#app/components/ui/icons.tsx";
import { LaterImage } from "#app/components/ui/LaterImage.tsx";
import { type Book, COVER_WIDTHS, coverFile } from "#content/books.ts";

export const PLACEHOLDER_COVER = "/covers/placeholder.svg";

/** The card's width in /books' grid (2, 3, 4, then 5 columns, gap 1rem, page padding 1–1.5rem). */
const COVER_SIZES =
  "(min-width: 1280px) 230px, (min-width: 1024px) calc(20vw - 29px), (min-width: 768px) calc(25vw - 24px), (min-width: 640px) calc(33.3vw - 27px), calc(50vw - 24px)";

/**
 * A book card; a cover that fails to load swaps once to the local placeholder and never loops
 * (the page script: app/browser/images.ts).
 */
export function BookCard({ book }: { book: Book }) {
  return (
    // Laid out only near the viewport (content-visibility): 45 cards laid out at once, and again
    // when the web font arrives, were the long tasks of /books on a phone.
    <li className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface [content-visibility:auto] [contain-intrinsic-block-size:auto_420px]">
      {/* Below the first screen on a phone and a laptop alike: fetched after the first paint. */}
      <LaterImage
        src={book.cover}
        srcSet={COVER_WIDTHS.map((w) => `${coverFile(book.cover, w)} ${w}w`).join(", ")}
        sizes={COVER_SIZES}
        data-fallback-src={PLACEHOLDER_COVER}
        alt={`Cover of ${book.title}`}
        width={480}
        height={720}
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
