import { type ReactNode, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { identity } from "#content/identity.ts";
import { servicesContext } from "#server/http/request-context.server.ts";
import type { Route } from "./+types/root";
// Linked rather than imported: a stylesheet imported by a module of the shell chunk made every
// lazily loaded chunk carry a CSS-preload helper for it.
import appCss from "./app.css?url";
import { ProgressBar } from "./components/layout/ProgressBar.tsx";
import { SiteHeader } from "./components/layout/SiteHeader.tsx";
import { lateModule, whenSeen, whenShown } from "./components/ui/late.tsx";
import { Toaster } from "./components/ui/Toaster.tsx";
import { useCurrentEntry } from "./lib/history-entries.ts";
import { publicationJsonLd } from "./lib/seo.ts";

export function loader({ context }: Route.LoaderArgs) {
  // Today's date is decided once, on the server, so the browser hydrates the same text.
  const siteUrl = context.get(servicesContext).config.SITE_URL;
  return { siteUrl, now: new Date().toISOString() };
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
const SiteFooter = whenSeen(
  "site-footer",
  lateModule(() => import("./components/layout/SiteFooter.tsx").then((m) => m.SiteFooter)),
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
        {/* Rendered on the server only (its code and text never reach the browser's script or the
            page data): hydration leaves a tag the browser does not render alone in the head. */}
        {import.meta.env.SSR && data ? (
          <script
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, not markup
            dangerouslySetInnerHTML={{ __html: publicationJsonLd(data.siteUrl) }}
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
        <Toaster />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6"
        >
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useCurrentEntry();
  return <Outlet />;
}

// The error screens (not found, a request the page cannot take, a failure) load only when one is
// shown: on the server at once, in the browser when a page hydrates or navigates into one.
// Offline (the navigation that failed may be why), a short screen with a way to try again.
const ErrorPage = whenShown(
  lateModule(() => import("./components/layout/ErrorPage.tsx").then((m) => m.ErrorPage)),
  ErrorOffline,
);

function ErrorOffline() {
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-2xl py-12">
      <h1 id="error-title" className="font-serif text-3xl font-bold">
        This page could not be shown
      </h1>
      <p className="mt-6">
        <a className="link" href={`${pathname}${search}`}>
          Try again
        </a>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
