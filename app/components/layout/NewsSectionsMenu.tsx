import { NavLink } from "react-router";
import { ChevronDown } from "#app/components/ui/icons.tsx";
import { SECTION_LINKS, TOP_BAR_LINKS } from "#domain/sections.ts";

const PANEL_ID = "news-sections";

// Tight below lg, so date, links and Subscribe share one row from 768 px up.
const itemClass =
  "inline-flex items-center gap-0.5 whitespace-nowrap rounded px-1 py-2 text-[13px] font-medium hover:bg-black/5 lg:gap-1 lg:px-2 lg:text-sm xl:px-3 dark:hover:bg-white/10 aria-[current=page]:underline aria-[current=page]:underline-offset-4";

/**
 * The top bar (wide screens): Home, the News Sections dropdown and the site's pages. The dropdown
 * is a native popover its button toggles, so it opens without JavaScript too, closes on Escape or
 * a click elsewhere, and gives focus back to the button. The page script adds the hover (the
 * spec's delays), arrow keys through the sections, and closing it when a section is followed
 * (app/browser/sections-menu.ts).
 */
export function NewsSectionsMenu() {
  return (
    <nav aria-label="Site" className="hidden md:block">
      <ul className="flex items-center xl:gap-1">
        <li>
          <NavLink to="/" end className={itemClass}>
            Home
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            popoverTarget={PANEL_ID}
            className={`${itemClass} [anchor-name:--news-sections]`}
          >
            News Sections
            <ChevronDown aria-hidden="true" className="size-4 transition-transform" />
          </button>
          <div
            id={PANEL_ID}
            popover="auto"
            className="sections-panel w-[min(36rem,90vw)] rounded-md border border-line bg-surface p-3 text-[var(--fg)] shadow-lg"
          >
            <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3">
              {SECTION_LINKS.map((s) => (
                <li key={s.to}>
                  <NavLink
                    to={s.to}
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
