import { Link } from "react-router";
import { usePublication } from "#app/components/layout/publication.ts";
import { formatLongDate } from "#app/lib/dates.ts";
import type { StaticPage as PageContent } from "#content/pages.ts";

/** Long-form text pages (about, privacy, terms) from content/pages.ts, with a table of contents. */
export function StaticPage({ page }: { page: PageContent }) {
  const { timeZone } = usePublication();
  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="page-title">
      <header className="border-b border-line pb-6">
        <h1 id="page-title" className="font-serif text-4xl font-bold leading-tight sm:text-5xl">
          {page.title}
        </h1>
        <p className="mt-4 text-lg text-muted">{page.intro}</p>
        <p className="mt-3 text-sm text-muted">
          Last updated{" "}
          <time dateTime={page.updated}>{formatLongDate(`${page.updated}T12:00:00Z`, timeZone)}</time>
        </p>
      </header>
      <nav aria-label="On this page" className="mt-6 rounded border border-line bg-surface p-4">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">On this page</h2>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {page.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="link">
                {s.heading}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="prose-news mt-4">
        {page.sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-6">
            <h2 id={`${s.id}-heading`}>{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 48)}>{p}</p>
            ))}
            {s.list ? (
              <ul>
                {s.list.map((item) => (
                  <li key={item.slice(0, 48)}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
      <p className="mt-10 border-t border-line pt-6 text-muted">
        Questions?{" "}
        <Link to="/contact" className="link">
          Write to the newsroom
        </Link>
        .
      </p>
    </article>
  );
}
