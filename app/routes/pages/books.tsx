import { Link } from "react-router";
import { BookCard } from "#app/components/books/BookCard.tsx";
import { ArrowLeft, ExternalLink } from "#app/components/ui/icons.tsx";
import { seo } from "#app/lib/seo.ts";
import { book, books } from "#content/books.ts";
import { bookLinks, university } from "#content/site.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import type { Route } from "./+types/books";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Books",
    description: "E-books on wealth, purpose and the billionaire mindset, plus two public-domain classics.",
  });

// The titles come through the loader, so they are in the HTML but not in a script chunk; each
// cover and store link follows from its title, so the page's data carries only the titles.
export function loader() {
  return { titles: books.map((b) => b.title) };
}

export function headers() {
  return { "Cache-Control": CACHE.stable };
}

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

export default function Books({ loaderData }: Route.ComponentProps) {
  const books = loaderData.titles.map(book);
  return (
    <div>
      <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-semibold link">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Home
      </Link>

      <section
        aria-labelledby="university-title"
        className="mt-4 overflow-hidden rounded-xl bg-gradient-to-br from-[#1f2a44] to-[#0b6b4f] px-6 py-10 text-white sm:px-10"
      >
        <p className="text-sm font-semibold uppercase tracking-widest text-white/80">{university.name}</p>
        <h1
          id="university-title"
          className="mt-2 max-w-3xl font-serif text-3xl font-bold leading-tight sm:text-4xl"
        >
          Transform Your Life with Ancient Wisdom
        </h1>
        <p className="mt-4 max-w-2xl text-white/90">
          Study with {university.name}: degree and certificate programs that join timeless knowledge of
          consciousness and well-being with a modern education in business, sustainability and the arts.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a
            href={university.applyUrl}
            {...external}
            className="inline-flex items-center gap-1.5 rounded bg-white px-4 py-2.5 font-semibold text-[#1f2a44] hover:bg-white/90"
          >
            Apply for Admission
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <a
            href={university.learnMoreUrl}
            {...external}
            className="inline-flex items-center gap-1.5 rounded border border-white/70 px-4 py-2.5 font-semibold hover:bg-white/10"
          >
            Learn More
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        <p className="mt-6 text-sm text-white/85">
          Accredited programs · Expert instructors · Rich curriculum
        </p>
      </section>

      <section aria-labelledby="books-title" className="mt-10">
        <div className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-4">
          <div>
            <h2 id="books-title" className="font-serif text-3xl font-bold">
              Books
            </h2>
            <p className="mt-1 text-muted">
              {books.length} e-books on wealth, purpose and the mindset behind them.
            </p>
          </div>
          <a
            href={bookLinks.allBooksUrl}
            {...external}
            className="inline-flex items-center gap-1.5 rounded bg-accent px-4 py-2.5 font-semibold text-white hover:bg-accent-strong"
          >
            View All Books on Amazon
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
          {books.map((book) => (
            <BookCard key={book.cover} book={book} />
          ))}
        </ul>
      </section>
    </div>
  );
}
