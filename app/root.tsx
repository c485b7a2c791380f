import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { identity } from "../content/identity.ts";
import { getConfig } from "../server/config.server.ts";
import type { Route } from "./+types/root";
// Linked rather than imported: a stylesheet imported by a module of the shell chunk made every
// lazily loaded chunk carry a CSS-preload helper for it.
import appCss from "./app.css?url";
import { NotFound } from "./components/layout/NotFound.tsx";
import { ProgressBar } from "./components/layout/ProgressBar.tsx";
import { SiteHeader } from "./components/layout/SiteHeader.tsx";
import { hydrateWhenSeen } from "./components/ui/hydrateWhenSeen.tsx";
import { Toaster } from "./components/ui/Toaster.tsx";
import { publicationJsonLd } from "./lib/seo.ts";

export function loader() {
  // Today's date is decided once, on the server, so the browser hydrates the same text.
  const siteUrl = getConfig().SITE_URL;
  // The JSON-LD is built here so its code stays on the server.
  return { siteUrl, now: new Date().toISOString(), jsonLd: publicationJsonLd(siteUrl) };
}

// The root data (site URL, today's date) does not change between client-side navigations.
export function shouldRevalidate() {
  return false;
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/images/apple-touch-icon.png" },
  { rel: "alternate", type: "application/rss+xml", title: `${identity.title} RSS feed`, href: "/rss.xml" },
];

// Below every page's content: its script loads when the reader nears it.
const SiteFooter = hydrateWhenSeen("site-footer", () =>
  import("./components/layout/SiteFooter.tsx").then((m) => m.SiteFooter),
);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Marks the document as interactive (tests and progressive-enhancement styles use it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbfaf7" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#111318" media="(prefers-color-scheme: dark)" />
        <Meta />
        <Links />
        {data ? (
          <script
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, not markup
            dangerouslySetInnerHTML={{ __html: data.jsonLd }}
          />
        ) : null}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Skip to main content
        </a>
        <ProgressBar />
        <SiteHeader now={data?.now} />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6"
        >
          {children}
        </main>
        <SiteFooter />
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
