import { Link } from "react-router";
import { usePublication } from "./publication.ts";

/** The not-found page: the server has already logged the path and answered 404. */
export function NotFound() {
  const identity = usePublication();
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-2xl py-16 text-center">
      <title>{`Page not found | ${identity.title}`}</title>
      <meta name="robots" content="noindex" />
      <p className="font-serif text-7xl font-bold text-muted">404</p>
      <h1 id="not-found-title" className="mt-4 font-serif text-3xl font-bold">
        Oops! Page not found
      </h1>
      <p className="mt-3 text-muted">The page you asked for does not exist or has moved.</p>
      <p className="mt-6">
        <Link
          to="/"
          className="rounded bg-accent px-4 py-2.5 font-semibold text-white hover:bg-accent-strong"
        >
          Return to the front page
        </Link>
      </p>
    </section>
  );
}
