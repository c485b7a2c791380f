import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * What each history entry's page showed, so Back (and Forward) render it again at once, the way the
 * browser's own back cache would. A page that first showed its loading placeholders and then its
 * articles would be restored at the scroll position the reader left over the placeholders, and
 * then move when the taller articles came in (issue 27: Back after See All landed a screen low).
 */
const MAX_ENTRIES = 20;
/** Entry key (React Router's location.key; "default" for the first) → its address and data. */
const shown = new Map<string, { path: string; data: unknown }>();
/** The entry on screen, as of its last render. */
let current = "default";

/**
 * The entry the router is on. React Router moves to a new entry (pushState) before React commits
 * its page, so a Back pressed in between would find `current` (set by an effect) still naming the
 * page being left, and take Back for a new navigation: the router's own location says where it is.
 */
const onScreen = (): string => {
  const router: unknown =
    typeof window === "undefined" ? null : Reflect.get(window, "__reactRouterDataRouter");
  const key = (router as { state?: { location?: { key?: unknown } } } | null)?.state?.location?.key;
  return typeof key === "string" ? key : current;
};

const entryKey = (): string => {
  const state: unknown = typeof window === "undefined" ? null : window.history.state;
  const key = state && typeof state === "object" && "key" in state ? state.key : undefined;
  return typeof key === "string" ? key : "default";
};

/** Keeps track of the entry on screen (rendered once, in the root). */
export function useCurrentEntry(): void {
  const { key } = useLocation();
  useEffect(() => {
    current = key;
  }, [key]);
}

/** Records what this entry's page shows, once it shows it. */
export function useRememberShown(data: unknown): void {
  const { key, pathname, search } = useLocation();
  useEffect(() => {
    if (data == null) return;
    shown.delete(key);
    shown.set(key, { path: `${pathname}${search}`, data });
    // Bounded: the oldest entries go first (Map keeps insertion order).
    for (const old of shown.keys()) {
      if (shown.size <= MAX_ENTRIES) break;
      shown.delete(old);
    }
  }, [key, pathname, search, data]);
}

/**
 * In a clientLoader: the data the page showed when the reader left it, when this navigation goes
 * back (or forward) to an entry already seen at this address; undefined for a new navigation. The
 * browser has already moved to the entry when the loader runs, so its key differs from the one on
 * screen; a link's navigation runs before the new entry is pushed, so the keys match.
 */
export function shownBefore<T>(url: string): T | undefined {
  const key = entryKey();
  if (key === onScreen()) return undefined;
  const entry = shown.get(key);
  const { pathname, search } = new URL(url);
  return entry && entry.path === `${pathname}${search}` ? (entry.data as T) : undefined;
}
