import { Dialog } from "radix-ui";
import { type RefObject, useRef } from "react";
import { Link, NavLink } from "react-router";
import { SHEET_LINKS } from "../../lib/sections.ts";
import { X } from "../ui/icons.tsx";
import { SearchForm } from "./SearchForm.tsx";

/**
 * The rest of the site, below the sections (spec: the sheet lists the 18 sections; a phone reader
 * otherwise reaches these only through the footer). The footer's labels, in its order (More, then
 * Legal), with Home first.
 */
const SITE_LINKS = [
  { to: "/", label: "Home" },
  { to: "/blog", label: "Blog" },
  { to: "/books", label: "Books" },
  { to: "/radio", label: "Live Radio" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

const sheetLink =
  "block px-2 py-2.5 text-base hover:bg-black/5 aria-[current=page]:font-semibold dark:hover:bg-white/10";

export type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/**
 * The side sheet titled "Navigation": the 18 destinations, the site's other pages, a search box
 * and a Subscribe button.
 * Radix's dialog traps focus and closes on Escape; focus then returns to the menu button.
 * Opening focuses the sheet itself, so the first Tab reaches the close button.
 */
export function MobileMenuSheet({ open, onOpenChange, returnFocusTo }: SheetProps) {
  const close = () => onOpenChange(false);
  const sheet = useRef<HTMLDivElement>(null);
  // Subscribe moves focus to the newsletter's email field: closing must not take it back.
  const toNewsletter = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          ref={sheet}
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            sheet.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!toNewsletter.current) returnFocusTo.current?.focus();
            toNewsletter.current = false;
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[280px] flex-col overflow-y-auto bg-surface p-4 shadow-xl outline-none sm:w-[350px]"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-serif text-xl font-bold">Navigation</Dialog.Title>
            {/* No tooltip: it would open when Tab reaches the button and take the reader's first
                Escape for itself, leaving the sheet open. The X and its name are enough here. */}
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded hover:bg-black/5 dark:hover:bg-white/10"
              aria-label="Close navigation menu"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <SearchForm className="mt-4" onSubmit={close} />
          <nav aria-label="All sections" className="mt-4">
            <ul className="divide-y divide-[var(--line)]">
              {SHEET_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} onClick={close} className={sheetLink}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="sheet-more" className="mt-4 border-t-4 border-double border-line pt-3">
            <h2 id="sheet-more" className="px-2 text-sm font-semibold uppercase tracking-wide text-muted">
              More
            </h2>
            <ul className="mt-1 divide-y divide-[var(--line)]">
              {SITE_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end onClick={close} className={sheetLink}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Link
            to="/#newsletter-email"
            onClick={() => {
              toNewsletter.current = true;
              close();
            }}
            className="mt-4 rounded bg-accent px-4 py-2.5 text-center font-semibold text-white hover:bg-accent-strong"
          >
            Subscribe
          </Link>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
