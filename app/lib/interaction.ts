/**
 * The framework alone (React and React Router) is most of the page's script budget, so the
 * interactive widgets (menus, dialogs, tooltips, toasts) load on the reader's first interaction
 * rather than with the page.
 */
const EVENTS = ["pointerdown", "pointermove", "keydown", "touchstart", "focusin", "wheel"] as const;

let first: Promise<void> | null = null;

export function firstInteraction(): Promise<void> {
  if (typeof window === "undefined") return new Promise(() => {});
  first ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const e of EVENTS) window.removeEventListener(e, done, true);
      resolve();
    };
    for (const e of EVENTS) window.addEventListener(e, done, { capture: true, passive: true });
  });
  return first;
}
