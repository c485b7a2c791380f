import { useState } from "react";
import { NavLink } from "react-router";
import { TOP_BAR_LINKS } from "../../lib/sections.ts";
import { ChevronDown } from "../ui/icons.tsx";
import { LazySwap } from "../ui/LazySwap.tsx";
import { itemClass } from "./NewsSectionsMenu.parts.tsx";

const loadMenu = () => import("./NewsSectionsMenu.radix.tsx").then((m) => m.RadixNewsSectionsMenu);

/**
 * The top bar (wide screens): Home, the News Sections dropdown, and the site's pages. It renders
 * as plain links first; Radix's navigation menu (the dropdown) arrives on first interaction.
 */
export function NewsSectionsMenu() {
  const [openOnMount, setOpenOnMount] = useState(false);
  // The first movement over the page loads the dropdown; the pointer may then rest on the button.
  const [hoveredSince, setHoveredSince] = useState<number | null>(null);
  const fallback = (
    <nav aria-label="Site" className="relative z-30 hidden md:block">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <NavLink to="/" end className={itemClass} data-focus-key="/">
            Home
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            aria-expanded="false"
            className={itemClass}
            data-focus-key="sections"
            onClick={() => setOpenOnMount(true)}
            onPointerMove={(e) => {
              if (e.pointerType === "mouse" && hoveredSince === null) setHoveredSince(e.timeStamp);
            }}
            onPointerLeave={() => setHoveredSince(null)}
          >
            News Sections
            <ChevronDown aria-hidden="true" className="size-4" />
          </button>
        </li>
        {TOP_BAR_LINKS.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={itemClass} data-focus-key={l.to}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
  return <LazySwap load={loadMenu} fallback={fallback} props={{ openOnMount, hoveredSince }} />;
}
