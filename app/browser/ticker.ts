/**
 * The Latest ticker. The server sends a plain list that scrolls sideways; this makes it move: a
 * second, hidden copy of the list (screen readers and the keyboard skip it) makes the loop
 * seamless, and CSS pauses it on hover or focus and keeps it still for reduced motion.
 */
export function startTicker(doc: Document = document): void {
  for (const track of doc.querySelectorAll<HTMLElement>("[data-ticker-track]")) {
    const list = track.querySelector("ul");
    if (!list || track.dataset.moving) continue;
    const copy = list.cloneNode(true) as HTMLElement;
    copy.setAttribute("aria-hidden", "true");
    for (const link of copy.querySelectorAll("a")) link.tabIndex = -1;
    const wrap = doc.createElement("div");
    wrap.className = "motion-reduce:hidden";
    wrap.append(copy);
    track.append(wrap);
    track.classList.add("ticker-track");
    track.parentElement?.classList.replace("overflow-x-auto", "overflow-hidden");
    track.dataset.moving = "true";
  }
}
