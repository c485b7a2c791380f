/**
 * Tooltips for icon-only controls: `<span data-tooltip>` holds the control and a hidden
 * `role="tooltip"` (the control names it by aria-describedby). Shown 700 ms after a mouse comes to
 * rest on the control, at once if another tooltip closed within 300 ms, and at once when the
 * keyboard's Tab brings focus to it; hidden when the pointer leaves both control and tooltip
 * (the pointer can move onto the tooltip: WCAG 1.4.13's "hoverable", with a short grace for the gap
 * between them), focus goes, the control is pressed, or on Escape (dismissable without moving).
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_MS = 300;
/** How long a pointer that left has to reach the tooltip (or come back) before it hides. */
export const TOOLTIP_GRACE_MS = 100;

export function wireTooltips(doc: Document = document): void {
  let lastHidden = Number.NEGATIVE_INFINITY;
  let tabbed = false;
  const hiders: (() => void)[] = [];
  doc.addEventListener(
    "keydown",
    (e) => {
      tabbed = e.key === "Tab";
      // A tooltip the pointer opened is dismissed wherever focus is (WCAG 1.4.13), without
      // taking the Escape from anything else (an open dialog still closes).
      if (e.key === "Escape") for (const hide of hiders) hide();
    },
    true,
  );
  doc.addEventListener(
    "pointerdown",
    () => {
      tabbed = false;
    },
    true,
  );

  for (const host of doc.querySelectorAll<HTMLElement>("[data-tooltip]")) {
    const control = host.querySelector<HTMLElement>("button, a[href]");
    const tip = host.querySelector<HTMLElement>("[role=tooltip]");
    if (!control || !tip) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      clearTimeout(timer);
      tip.hidden = false;
    };
    const hide = () => {
      clearTimeout(timer);
      if (tip.hidden) return;
      tip.hidden = true;
      lastHidden = performance.now();
    };
    control.addEventListener("pointerenter", (e) => {
      if (e.pointerType !== "mouse") return;
      clearTimeout(timer);
      timer = setTimeout(show, performance.now() - lastHidden < TOOLTIP_SKIP_MS ? 0 : TOOLTIP_DELAY_MS);
    });
    // On the host, which holds the tooltip too: moving onto the tooltip keeps it.
    host.addEventListener("pointerenter", (e) => {
      if (e.pointerType === "mouse" && !tip.hidden) clearTimeout(timer);
    });
    host.addEventListener("pointerleave", (e) => {
      if (e.pointerType !== "mouse") return hide();
      clearTimeout(timer);
      timer = setTimeout(hide, tip.hidden ? 0 : TOOLTIP_GRACE_MS);
    });
    control.addEventListener("pointerdown", hide);
    control.addEventListener("click", hide);
    control.addEventListener("focus", () => {
      if (tabbed) show();
    });
    control.addEventListener("blur", hide);
    hiders.push(hide);
  }
}
