import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { firstInteraction } from "#app/lib/interaction.ts";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * Renders `fallback` (plain, equivalent markup) until the reader first interacts with the page,
 * then the component `load` resolves to. Focus inside survives the swap: elements carry
 * `data-focus-key`, and the one that had focus before gets it back after. The focused key is
 * followed as focus moves (not read when the chunk arrives): the swap commits a moment after
 * that, and a Tab in between used to leave focus on a removed element.
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
      .then(async (C) => {
        // Not while a control inside is pressed (a mouse button or Space held: it is :active).
        // The release would meet a new element, and the browser sends no click then.
        while (box.current?.querySelector(":active")) await new Promise((r) => setTimeout(r, 50));
        if (live) setLoaded(() => C);
      })
      .catch(() => {
        // Stay on the plain fallback if the chunk cannot load (offline, deploy in progress).
      });
    return () => {
      live = false;
    };
  }, [load, eager]);

  useIsoLayoutEffect(() => {
    const key = focusKey.current;
    // Only when the swap took the focused element away (focus fell back to the body).
    if (!Loaded || !key || (document.activeElement && document.activeElement !== document.body)) return;
    box.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus();
  }, [Loaded]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus is only followed here, never handled
    <span
      ref={box}
      className="contents"
      onFocus={(e) => {
        focusKey.current = e.target.getAttribute("data-focus-key");
      }}
      onBlur={(e) => {
        // Focus moving elsewhere forgets the key; a removed element's blur has no target.
        const next = e.relatedTarget;
        if (next && !box.current?.contains(next)) focusKey.current = null;
      }}
    >
      {Loaded ? <Loaded {...props} /> : fallback}
    </span>
  );
}
