import { Link } from "react-router";
import { IconTooltip } from "#app/components/ui/IconTooltip.tsx";
import { Menu, X } from "#app/components/ui/icons.tsx";
import { SHEET_LINKS, SHEET_SITE_LINKS } from "#domain/sections.ts";
import { LinkList } from "./LinkList.tsx";
import { SearchForm } from "./SearchForm.tsx";

const SHEET_ID = "nav-sheet";

const sheetLink =
  "block px-2 py-2.5 text-base hover:bg-black/5 aria-[current=page]:font-semibold dark:hover:bg-white/10";

/** The button's invoker command: the browser opens the sheet as a modal dialog, script or not. */
const OPENS_SHEET: Record<string, string> = { command: "show-modal", commandfor: SHEET_ID };

/**
 * The narrow-screen menu: a button and the side sheet titled "Navigation" (the 18 destinations,
 * the site's other pages, a search box and Subscribe). A native modal <dialog>: it opens without
 * JavaScript, keeps focus inside while open (the page behind is inert), closes on Escape or a
 * click on the backdrop, and gives focus back to the button. Opening focuses the sheet itself, so
 * the first Tab reaches the close button.
 */
export function MobileMenu() {
  return (
    <>
      <IconTooltip label="Open navigation menu">
        <button
          type="button"
          aria-label="Open navigation menu"
          aria-haspopup="dialog"
          {...OPENS_SHEET}
          className="inline-flex size-10 items-center justify-center rounded hover:bg-black/5 dark:hover:bg-white/10"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
      </IconTooltip>
      <dialog
        id={SHEET_ID}
        aria-labelledby={`${SHEET_ID}-title`}
        closedby="any"
        tabIndex={-1}
        className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-[280px] max-w-none flex-col overflow-y-auto bg-surface p-4 text-[var(--fg)] shadow-xl outline-none backdrop:bg-black/50 open:flex sm:w-[350px]"
      >
        <div className="flex items-center justify-between">
          <h2 id={`${SHEET_ID}-title`} className="font-serif text-xl font-bold">
            Navigation
          </h2>
          {/* No tooltip: it would open when Tab reaches the button and take the reader's first
              Escape for itself, leaving the sheet open. The X and its name are enough here. */}
          <form method="dialog">
            <button
              type="submit"
              className="inline-flex size-10 items-center justify-center rounded hover:bg-black/5 dark:hover:bg-white/10"
              aria-label="Close navigation menu"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </form>
        </div>
        <SearchForm className="mt-4" />
        <nav aria-label="All sections" className="mt-4">
          <LinkList
            links={SHEET_LINKS}
            className="divide-y divide-[var(--line)]"
            linkClassName={sheetLink}
            current
          />
        </nav>
        <nav aria-labelledby="sheet-more" className="mt-4 border-t-4 border-double border-line pt-3">
          <h2 id="sheet-more" className="px-2 text-sm font-semibold uppercase tracking-wide text-muted">
            More
          </h2>
          <LinkList
            links={SHEET_SITE_LINKS}
            className="mt-1 divide-y divide-[var(--line)]"
            linkClassName={sheetLink}
            current
            end
          />
        </nav>
        <Link
          to="/#newsletter-email"
          className="mt-4 rounded bg-accent px-4 py-2.5 text-center font-semibold text-white hover:bg-accent-strong"
        >
          Subscribe
        </Link>
      </dialog>
    </>
  );
}
