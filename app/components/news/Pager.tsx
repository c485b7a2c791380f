import { Link } from "react-router";

/**
 * Previous/next links through a paged list (a section's older headlines, search results): a
 * labelled navigation landmark, plain links (rel prev/next) that work without JavaScript.
 */
export function Pager({
  label,
  page,
  prevHref,
  nextHref,
  prevText,
  nextText,
}: {
  label: string;
  page: number;
  prevHref?: string;
  nextHref?: string;
  prevText: string;
  nextText: string;
}) {
  if (!prevHref && !nextHref) return null;
  const linkClass =
    "inline-flex min-h-11 items-center gap-1 rounded border border-line px-3 py-2 font-semibold sm:px-4 hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    <nav
      aria-label={label}
      className="mt-10 flex items-center justify-between gap-4 border-t border-line pt-5"
    >
      {prevHref ? (
        <Link to={prevHref} rel="prev" className={linkClass}>
          <span aria-hidden="true">←</span> {prevText}
        </Link>
      ) : (
        <span />
      )}
      {/* Shown from small screens up; on a phone the two links need the row. */}
      <span className="sr-only text-sm text-muted sm:not-sr-only">Page {page}</span>
      {nextHref ? (
        <Link to={nextHref} rel="next" className={linkClass}>
          {nextText} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
