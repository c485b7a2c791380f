import { type KeyboardEvent, useRef } from "react";
import { NavLink } from "react-router";
import { ChevronDown } from "#app/components/ui/icons.tsx";
import { SECTION_LINKS, TOP_BAR_LINKS } from "#domain/sections.ts";

/** The spec's navigation timings: open after 200 ms of hover, skip delay 300 ms, close after 150 ms. */
const HOVER_DELAY_MS = 200;
const SKIP_DELAY_MS = 300;
const CLOSE_DELAY_MS = 150;

const PANEL_ID = "news-sections";

// Tight below lg, so date, links and Subscribe share one row from 768 px up.
const itemClass =
  "inline-flex items-center gap-0.5 whitespace-nowrap rounded px-1 py-2 text-[13px] font-medium hover:bg-black/5 lg:gap-1 lg:px-2 lg:text-sm xl:px-3 dark:hover:bg-white/10 aria-[current=page]:underline aria-[current=page]:underline-offset-4";

/**
 * The top bar (wide screens): Home, the News Sections dropdown and the site's pages. The dropdown
 * is a native popover its button toggles, so it opens without JavaScript too, closes on Escape or
 * a click elsewhere, and gives focus back to the button. Script adds the hover (the spec's
 * delays), arrow keys through the sections, and closing it when a section is followed.
 */
export function NewsSectionsMenu() {
  const panel = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const closedAt = useRef(Number.NEGATIVE_INFINITY);
  const hoverOpened = useRef(false);
  const isOpen = () => panel.current?.matches(":popover-open") ?? false;
  const after = (ms: number, run: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(run, ms);
  };
  const hoverIn = (e: { pointerType: string }) => {
    if (e.pointerType !== "mouse") return;
    if (isOpen()) return clearTimeout(timer.current);
    const recent = performance.now() - closedAt.current < SKIP_DELAY_MS;
    after(recent ? 0 : HOVER_DELAY_MS, () => {
      hoverOpened.current = true;
      panel.current?.showPopover();
    });
  };
  const hoverOut = (e: { pointerType: string }) => {
    if (e.pointerType === "mouse") after(CLOSE_DELAY_MS, () => panel.current?.hidePopover());
  };
  const links = () => [...(panel.current?.querySelectorAll("a") ?? [])];
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
    let next: HTMLAnchorElement | undefined;
    if (at < 0 && e.key === "ArrowDown") {
      // On the button: open, and go to the first section.
      panel.current?.showPopover();
      next = all[0];
    } else if (at >= 0 && step) next = all[(at + step + all.length) % all.length];
    else if (at >= 0 && e.key === "Home") next = all[0];
    else if (at >= 0 && e.key === "End") next = all[all.length - 1];
    if (!next) return;
    e.preventDefault();
    next.focus();
  };
  return (
    <nav aria-label="Site" className="hidden md:block">
      <ul className="flex items-center xl:gap-1">
        <li>
          <NavLink to="/" end className={itemClass}>
            Home
          </NavLink>
        </li>
        <li onPointerEnter={hoverIn} onPointerLeave={hoverOut} onKeyDown={onKeyDown}>
          <button
            type="button"
            popoverTarget={PANEL_ID}
            className={`${itemClass} [anchor-name:--news-sections]`}
            onClick={(e) => {
              clearTimeout(timer.current);
              // A click on a menu the hover just opened keeps it open (the next click closes it).
              if (hoverOpened.current && isOpen()) e.preventDefault();
              hoverOpened.current = false;
            }}
          >
            News Sections
            <ChevronDown aria-hidden="true" className="size-4 transition-transform" />
          </button>
          <div
            ref={panel}
            id={PANEL_ID}
            popover="auto"
            className="sections-panel w-[min(36rem,90vw)] rounded-md border border-line bg-surface p-3 text-[var(--fg)] shadow-lg"
            onToggle={(e) => {
              if (e.newState === "closed") {
                closedAt.current = performance.now();
                hoverOpened.current = false;
              }
            }}
          >
            <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3">
              {SECTION_LINKS.map((s) => (
                <li key={s.to}>
                  <NavLink
                    to={s.to}
                    // Following a section keeps the header (a client-side navigation): close it.
                    onClick={() => panel.current?.hidePopover()}
                    className="block rounded px-3 py-2 text-sm hover:bg-black/5 dark:hover:bg-white/10"
                  >
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        </li>
        {TOP_BAR_LINKS.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={itemClass}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
