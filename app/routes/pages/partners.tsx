import { Link } from "react-router";
import { usePublication } from "#app/components/layout/publication.ts";
import { ExternalLink } from "#app/components/ui/icons.tsx";
import { publicationFrom, seo } from "#app/lib/seo.ts";
import { partnerDocuments } from "#content/partners.ts";
import type { Route } from "./+types/partners";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Partner Documents",
    description: `Reports and guides from ${publicationFrom(args.matches).title}'s partners on charging networks, fleets and home charging.`,
  });

export default function Partners() {
  const identity = usePublication();
  return (
    <div className="mx-auto max-w-5xl">
      <header className="border-b border-line pb-6">
        <h1 className="font-serif text-4xl font-bold sm:text-5xl">Partner Documents</h1>
        <p className="mt-3 text-lg text-muted">
          Reports and guides our partners publish for {identity.title} readers. Each document opens in full
          from its original link.
        </p>
      </header>
      <div className="mt-8 space-y-10">
        {partnerDocuments.map((doc) => (
          <section
            key={doc.id}
            aria-labelledby={`${doc.id}-title`}
            className="rounded-lg border border-line bg-surface p-4 sm:p-6"
          >
            <h2 id={`${doc.id}-title`} className="font-serif text-2xl font-bold">
              {doc.title}
            </h2>
            <p className="mt-1 text-sm text-muted">From {doc.partner}</p>
            <p className="mt-3">{doc.description}</p>
            <div className="mt-4 aspect-[4/5] w-full overflow-hidden rounded border border-line bg-page sm:aspect-[4/3]">
              <iframe
                src={doc.embedUrl}
                title={`${doc.title} (document)`}
                loading="lazy"
                className="size-full"
              />
            </div>
            <p className="mt-3">
              <a
                href={doc.viewUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 font-semibold link"
              >
                View Original Document
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </p>
          </section>
        ))}
      </div>
      <aside className="mt-10 rounded-lg border border-line p-6 text-center">
        <h2 className="font-serif text-2xl font-bold">Become a partner</h2>
        <p className="mt-2 text-muted">
          Publish research or guides for our readers, or ask about a document above.
        </p>
        <Link
          to="/contact"
          className="mt-4 inline-block rounded bg-accent px-4 py-2.5 font-semibold text-white hover:bg-accent-strong"
        >
          Contact the newsroom
        </Link>
      </aside>
    </div>
  );
}
