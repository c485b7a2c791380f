import { useEffect, useState } from "react";
import { EXTERNAL, safeHttpUrl } from "#app/lib/links.ts";
import { listKey, type TickerItem } from "#domain/article.ts";

/**
 * Breaking-news ticker of the latest stored headlines. It scrolls, pauses while hovered or while a
 * link in it has focus, and is a plain static list when the reader prefers reduced motion.
 */
export function Ticker({ articles }: { articles: TickerItem[] }) {
  const items = articles.filter((a) => safeHttpUrl(a.link));
  // The moving copy is added after hydration: less to hydrate, and without JavaScript the
  // ticker is a plain list that scrolls sideways.
  const [moving, setMoving] = useState(false);
  useEffect(() => setMoving(true), []);
  if (items.length === 0) return null;
  const list = (hidden: boolean) => (
    <ul className="flex shrink-0 items-center gap-8 pr-8" aria-hidden={hidden || undefined}>
      {items.map((a, i) => (
        <li key={listKey(a, i)} className="whitespace-nowrap text-sm">
          <span className="mr-2 font-semibold text-[var(--link)]">{a.category}</span>
          <a
            href={safeHttpUrl(a.link)}
            {...EXTERNAL}
            tabIndex={hidden ? -1 : undefined}
            className="hover:underline"
          >
            {a.title}
          </a>
          <span className="ml-2 text-xs text-muted" data-testid="publisher">
            {a.publisher}
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <section
      aria-label="Latest headlines"
      className="group flex items-stretch overflow-hidden rounded border border-line bg-surface"
    >
      <h2 className="flex shrink-0 items-center bg-red-700 px-3 text-xs font-bold uppercase tracking-wider text-white">
        Latest
      </h2>
      <div
        className={`relative min-w-0 flex-1 py-2 motion-reduce:overflow-x-auto ${moving ? "overflow-hidden" : "overflow-x-auto"}`}
      >
        <div
          className={`flex w-max group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] ${moving ? "ticker-track" : ""}`}
        >
          {list(false)}
          {/* A second copy makes the loop seamless; screen readers and the keyboard skip it. */}
          {moving ? <div className="motion-reduce:hidden">{list(true)}</div> : null}
        </div>
      </div>
    </section>
  );
}
