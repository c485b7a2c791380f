import { EXTERNAL, safeHttpUrl } from "#app/lib/links.ts";
import { listKey, type TickerItem } from "#domain/article.ts";

/**
 * Breaking-news ticker of the latest stored headlines. The page script sets it moving
 * (app/browser/ticker.ts); it pauses while hovered or while a link in it has focus, and is a plain
 * list that scrolls sideways without script or when the reader prefers reduced motion.
 */
export function Ticker({ articles }: { articles: TickerItem[] }) {
  const items = articles.filter((a) => safeHttpUrl(a.link));
  if (items.length === 0) return null;
  return (
    <section
      aria-label="Latest headlines"
      className="group flex items-stretch overflow-hidden rounded border border-line bg-surface"
    >
      <h2 className="flex shrink-0 items-center bg-red-700 px-3 text-xs font-bold uppercase tracking-wider text-white">
        Latest
      </h2>
      <div className="relative min-w-0 flex-1 overflow-x-auto py-2 motion-reduce:overflow-x-auto">
        <div
          data-ticker-track
          className="flex w-max group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused]"
        >
          <ul className="flex shrink-0 items-center gap-8 pr-8">
            {items.map((a, i) => (
              <li key={listKey(a, i)} className="whitespace-nowrap text-sm">
                <span className="mr-2 font-semibold text-[var(--link)]">{a.category}</span>
                <a href={safeHttpUrl(a.link)} {...EXTERNAL} className="hover:underline">
                  {a.title}
                </a>
                <span className="ml-2 text-xs text-muted" data-testid="publisher">
                  {a.publisher}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
