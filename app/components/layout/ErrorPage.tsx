import { isRouteErrorResponse } from "react-router";
import { NotFound } from "./NotFound.tsx";
import { usePublication } from "./publication.ts";

/** What the root's error boundary shows: the 404 page, a 4xx screen or the failure screen. */
export function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status < 500) {
    // The reader's request was wrong (e.g. a method a page does not take), not the application.
    return (
      <ErrorScreen
        title="Request not accepted"
        heading="This page cannot answer that request"
        message={`${error.status} ${error.statusText}`.trim()}
      />
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return <ErrorScreen title="Error" heading="Unexpected Application Error!" message={message} />;
}

/** The page cache recognises these screens by the error-title id and never stores them. */
function ErrorScreen({ title, heading, message }: { title: string; heading: string; message: string }) {
  const identity = usePublication();
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-2xl py-12">
      <title>{`${title} | ${identity.title}`}</title>
      <h1 id="error-title" className="font-serif text-3xl font-bold">
        {heading}
      </h1>
      <p className="mt-4 text-lg text-muted">{message}</p>
      <p className="mt-6">
        <a className="link" href="/">
          Go back to the front page
        </a>
      </p>
    </section>
  );
}
