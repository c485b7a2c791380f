import { NavigationMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { NavLink } from "react-router";
import { SECTION_LINKS, TOP_BAR_LINKS } from "../../lib/sections.ts";
import { ChevronDown } from "../ui/icons.tsx";
import { itemClass, type TopBarProps } from "./NewsSectionsMenu.parts.tsx";

/** The spec's navigation hover delay. */
const HOVER_DELAY_MS = 200;

/**
 * The top bar: Home, a News Sections dropdown and the site's pages. Radix's navigation menu gives
 * the spec's timings (open after 200 ms of hover, 300 ms skip delay, close 150 ms after leaving)
 * and the keyboard model (Enter/Space/ArrowDown open, arrows move, Escape closes).
 */
export function RadixNewsSectionsMenu({ openOnMount, hoveredSince }: TopBarProps) {
  const [value, setValue] = useState(openOnMount ? "sections" : "");
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The mouse came onto the plain button before this menu arrived (its first movement loads it)
  // and rests there: Radix opens on pointer movement, so open it here, the delay after it came.
  useEffect(() => {
    if (hoveredSince === null || openOnMount) return;
    const wait = Math.max(0, hoveredSince + HOVER_DELAY_MS - performance.now());
    hoverTimer.current = setTimeout(() => setValue("sections"), wait);
    return () => clearTimeout(hoverTimer.current);
  }, [hoveredSince, openOnMount]);
  return (
    <NavigationMenu.Root
      aria-label="Site"
      delayDuration={HOVER_DELAY_MS}
      skipDelayDuration={300}
      value={value}
      onValueChange={setValue}
      className="relative z-30 hidden md:block"
    >
      <NavigationMenu.List className="flex flex-wrap items-center gap-1">
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <NavLink to="/" end className={itemClass} data-focus-key="/">
              Home
            </NavLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item value="sections">
          <NavigationMenu.Trigger
            className={`${itemClass} group`}
            data-focus-key="sections"
            onPointerLeave={() => clearTimeout(hoverTimer.current)}
          >
            News Sections
            <ChevronDown
              aria-hidden="true"
              className="size-4 transition-transform group-data-[state=open]:rotate-180"
            />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="absolute left-0 top-full mt-1 w-[min(36rem,90vw)] rounded-md border border-line bg-surface p-3 shadow-lg">
            <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3">
              {SECTION_LINKS.map((s) => (
                <li key={s.to}>
                  <NavigationMenu.Link asChild>
                    <NavLink
                      to={s.to}
                      className="block rounded px-3 py-2 text-sm hover:bg-black/5 dark:hover:bg-white/10"
                    >
                      {s.label}
                    </NavLink>
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        {TOP_BAR_LINKS.map((l) => (
          <NavigationMenu.Item key={l.to}>
            <NavigationMenu.Link asChild>
              <NavLink to={l.to} className={itemClass} data-focus-key={l.to}>
                {l.label}
              </NavLink>
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
