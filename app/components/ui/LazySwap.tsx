import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { firstInteraction } from "../../lib/interaction.ts";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * Renders `fallback` (plain, equivalent markup) until the reader first interacts with the page,
 * then the component `load` resolves to. Focus inside survives the swap: elements carry
 * `data-focus-key`, and the one that had focus before gets it back after.
 */
export function LazySwap<P extends object>({
  load,
  fallback,
  props,
  eager = false,
}: {
  load: () => Promise<(p: P) => ReactNode>;
  fallback: ReactNode;
  props: P;
  /** Load now rather than on interaction (e.g. the reader already asked for it). */
  eager?: boolean;
}) {
  const [Loaded, setLoaded] = useState<((p: P) => ReactNode) | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  const focusKey = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    (eager ? Promise.resolve() : firstInteraction())
      .then(load)
      .then((C) => {
        if (!live) return;
        const active = document.activeElement;
        focusKey.current =
          active && box.current?.contains(active) ? (active.getAttribute("data-focus-key") ?? null) : null;
        setLoaded(() => C);
      })
      .catch(() => {
        // Stay on the plain fallback if the chunk cannot load (offline, deploy in progress).
      });
    return () => {
      live = false;
    };
  }, [load, eager]);

  useIsoLayoutEffect(() => {
    if (!Loaded || !focusKey.current) return;
    box.current?.querySelector<HTMLElement>(`[data-focus-key="${focusKey.current}"]`)?.focus();
    focusKey.current = null;
  }, [Loaded]);

  return (
    <span ref={box} className="contents">
      {Loaded ? <Loaded {...props} /> : fallback}
    </span>
  );
}
