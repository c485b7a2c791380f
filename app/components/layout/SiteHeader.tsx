import { Link } from "react-router";
import { NARROW_ROW, PRIMARY_ROW, SECONDARY_ROW } from "#domain/sections.ts";
import { LinkList } from "./LinkList.tsx";
import { MobileMenu } from "./MobileMenu.tsx";
import { NewsSectionsMenu } from "./NewsSectionsMenu.tsx";
import { usePublication } from "./publication.ts";
import { SearchForm } from "./SearchForm.tsx";
import { TodayDate } from "./TodayDate.tsx";

const rowLink =
  "whitespace-nowrap px-2 py-1.5 text-sm font-medium hover:underline hover:underline-offset-4 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4";

/** The shared header: date, Subscribe, masthead, search and the navigation variants. */
export function SiteHeader({ now }: { now?: string }) {
  const today = now ?? new Date().toISOString();
  const identity = usePublication();
  return (
    <header className="border-b-4 border-double border-line bg-page">
      <div className="border-b border-line">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-1.5 sm:px-6">
          <TodayDate now={today} />
          <NewsSectionsMenu />
          <Link
            to="/#newsletter-email"
            className="shrink-0 rounded bg-accent px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-strong"
          >
            Subscribe
          </Link>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-1 px-4 pb-3 pt-5 text-center sm:px-6">
        <Link
          to="/"
          className={`${identity.logo ? "flex flex-col items-center gap-2 " : ""}font-serif text-4xl font-bold leading-tight tracking-tight sm:text-5xl lg:text-6xl`}
        >
          {/* The publication's own mark, above its name (which stays the link's text). */}
          {identity.logo ? <img src={identity.logo} alt="" height={56} className="h-14 w-auto" /> : null}
          {identity.title}
        </Link>
        <p className="max-w-2xl text-sm text-muted sm:text-base">{identity.tagline}</p>
        <SearchForm className="mt-3 hidden w-full max-w-md md:flex" />
      </div>
      <nav aria-label="Primary" className="border-t border-line">
        <div className="mx-auto hidden max-w-7xl flex-col items-center px-4 py-1 sm:px-6 md:flex">
          <LinkList
            links={PRIMARY_ROW}
            className="flex flex-wrap justify-center gap-x-2"
            linkClassName={rowLink}
            current
          />
          <LinkList
            links={SECONDARY_ROW}
            className="flex flex-wrap justify-center gap-x-2 border-t border-line"
            linkClassName={rowLink}
            current
          />
        </div>
        <div className="flex items-center justify-between px-2 py-1 md:hidden">
          <LinkList links={NARROW_ROW} className="flex gap-1" linkClassName={rowLink} current />
          <MobileMenu />
        </div>
      </nav>
    </header>
  );
}
