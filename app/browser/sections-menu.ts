/**
 * The top bar's News Sections dropdown (wide screens). Its panel is a native popover the button
 * toggles, so it opens without this script, closes on Escape or a click elsewhere and gives focus
 * back to the button. This adds the spec's hover (open after 200 ms, at once within 300 ms of
 * closing, close 150 ms after the pointer leaves), arrow keys through the sections, and closing
 * it when a section is followed (so Back, from the browser's cache, shows it closed).
 */
export const HOVER_DELAY_MS = 200;
export const SKIP_DELAY_MS = 300;
export const CLOSE_DELAY_MS = 150;

const STEP: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

export function wireSectionsMenu(doc: Document = document): void {
  const button = doc.querySelector<HTMLButtonElement>("button[popovertarget=news-sections]");
  const panel = doc.getElementById("news-sections");
  const item = button?.closest("li");
  if (!button || !panel || !item) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closedAt = Number.NEGATIVE_INFINITY;
  let hoverOpened = false;
  const isOpen = () => panel.matches(":popover-open");
  const after = (ms: number, run: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };

  item.addEventListener("pointerenter", (e) => {
    if (e.pointerType !== "mouse") return;
    if (isOpen()) return clearTimeout(timer);
    const recent = performance.now() - closedAt < SKIP_DELAY_MS;
    after(recent ? 0 : HOVER_DELAY_MS, () => {
      hoverOpened = true;
      panel.showPopover();
    });
  });
  item.addEventListener("pointerleave", (e) => {
    if (e.pointerType === "mouse") after(CLOSE_DELAY_MS, () => panel.hidePopover());
  });
  button.addEventListener("click", (e) => {
    clearTimeout(timer);
    // A click on a menu the hover just opened keeps it open (the next click closes it).
    if (hoverOpened && isOpen()) e.preventDefault();
    hoverOpened = false;
  });
  panel.addEventListener("toggle", (e) => {
    if ((e as ToggleEvent).newState === "closed") {
      closedAt = performance.now();
      hoverOpened = false;
    }
  });
  panel.addEventListener("click", (e) => {
    if (e.target instanceof Element && e.target.closest("a[href]")) panel.hidePopover();
  });
  item.addEventListener("keydown", (e) => {
    const links = [...panel.querySelectorAll<HTMLAnchorElement>("a[href]")];
    const at = links.indexOf(doc.activeElement as HTMLAnchorElement);
    const step = STEP[e.key];
    let next: HTMLAnchorElement | undefined;
    if (at < 0 && e.key === "ArrowDown") {
      // On the button: open, and go to the first section.
      if (!isOpen()) panel.showPopover();
      next = links[0];
    } else if (at >= 0 && step) next = links[(at + step + links.length) % links.length];
    else if (at >= 0 && e.key === "Home") next = links[0];
    else if (at >= 0 && e.key === "End") next = links[links.length - 1];
    if (!next) return;
    e.preventDefault();
    next.focus();
  });
}
