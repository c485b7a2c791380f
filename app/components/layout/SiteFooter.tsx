import { groupedCount } from "#domain/publication.ts";
import { FOOTER_LEGAL_LINKS, FOOTER_MORE_LINKS, SECTION_LINKS } from "#domain/sections.ts";
import { LinkList } from "./LinkList.tsx";
import { usePublication } from "./publication.ts";

/** The shared footer: about text, link lists, copyright and the network claim. */
export function SiteFooter() {
  const identity = usePublication();
  return (
    <footer className="mt-12 border-t-4 border-double border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_2fr_1fr]">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-serif text-xl font-bold">
            About {identity.title}
          </h2>
          <p className="mt-2 text-sm leading-6 text-muted">{identity.about}</p>
        </section>
        <nav aria-labelledby="footer-sections">
          <h2 id="footer-sections" className="font-serif text-xl font-bold">
            Sections
          </h2>
          <LinkList
            links={SECTION_LINKS}
            className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm"
            linkClassName="inline-block py-0.5 hover:underline"
          />
        </nav>
        <nav aria-labelledby="footer-more">
          <h2 id="footer-more" className="font-serif text-xl font-bold">
            More
          </h2>
          <LinkList
            links={FOOTER_MORE_LINKS}
            className="mt-2 space-y-1 text-sm"
            linkClassName="inline-block py-0.5 hover:underline"
          />
        </nav>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-sm text-muted sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {identity.copyrightYear} {identity.title}. Part of the {identity.network.name}, a network of{" "}
            {groupedCount(identity.network.publications)} publications.
          </p>
          <nav aria-label="Legal">
            <LinkList
              links={FOOTER_LEGAL_LINKS}
              className="flex flex-wrap gap-x-4 gap-y-1"
              linkClassName="hover:underline"
            />
          </nav>
        </div>
      </div>
    </footer>
  );
}
