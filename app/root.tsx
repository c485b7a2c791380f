import pageScript, { preload } from "virtual:page-script";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, useRouteLoaderData } from "react-router";
import { nonceContext, publicationContext } from "#server/http/request-context.server.ts";
import type { Route } from "./+types/root";
// Linked rather than imported: a stylesheet imported by a module of the shell chunk made every
// lazily loaded chunk carry a CSS-preload helper for it.
import appCss from "./app.css?url";
import { ErrorPage } from "./components/layout/ErrorPage.tsx";
import { PublicationContext, usePublication } from "./components/layout/publication.ts";
import { SiteFooter } from "./components/layout/SiteFooter.tsx";
import { SiteHeader } from "./components/layout/SiteHeader.tsx";
import { Toaster } from "./components/ui/Toaster.tsx";
import { pageStartScript } from "./lib/page-start.ts";
import { publicationJsonLd, SPECULATION_RULES } from "./lib/seo.ts";

// public/favicon.svg, which stays for browsers and tools that ask for it by name.
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#14213d"/><path d="M37 6 15 35h15l-3 23 22-30H34z" fill="#f5b000" stroke="#f5b000" stroke-width="2" stroke-linejoin="round"/></svg>',
)}`;

// Read on the server only: no page sends its loader data to the browser (ADR 0014).
export function loader({ context }: Route.LoaderArgs) {
  // The host's publication: its address and identity for every page under it.
  const { siteUrl, identity } = context.get(publicationContext);
  return {
    siteUrl,
    publication: identity,
    now: new Date().toISOString(),
    nonce: context.get(nonceContext) || undefined,
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  // In the page: a request for /favicon.svg (235 bytes, 1.6 KB with its headers) took a connection
  // while the stylesheet, the lead picture and then the font still needed one (ADR 0016).
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/images/apple-touch-icon.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const fallback = usePublication();
  const publication = data?.publication ?? fallback;
  return (
    <PublicationContext value={publication}>
      <Document nonce={data?.nonce} siteUrl={data?.siteUrl} now={data?.now}>
        {children}
      </Document>
    </PublicationContext>
  );
}

/** A publication's accent as the palette's two shades (the stronger one for hover and focus). */
function accentStyle(accent: string | undefined) {
  return accent
    ? ({
        "--color-accent": accent,
        "--color-accent-strong": `color-mix(in srgb, ${accent} 80%, black)`,
      } as React.CSSProperties)
    : undefined;
}

function Document({
  children,
  nonce,
  siteUrl,
  now,
}: {
  children: ReactNode;
  nonce?: string;
  siteUrl?: string;
  now?: string;
}) {
  const publication = usePublication();
  return (
    <html lang="en" style={accentStyle(publication.accent)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbfaf7" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#111318" media="(prefers-color-scheme: dark)" />
        <Meta />
        <Links />
        <link
          rel="alternate"
          type="application/rss+xml"
          title={`${publication.title} RSS feed`}
          href="/rss.xml"
        />
        {/* Starts the page script after the first paint (ADR 0015). */}
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, built from constants
          dangerouslySetInnerHTML={{ __html: pageStartScript(pageScript, preload) }}
        />
        {/* Links likely to be followed are prerendered when the pointer rests on them or presses. */}
        <script
          type="speculationrules"
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, JSON
          dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }}
        />
        {siteUrl !== undefined ? (
          <script
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, not markup
            dangerouslySetInnerHTML={{ __html: publicationJsonLd(siteUrl, publication) }}
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
        <SiteHeader now={now} />
        <Toaster />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6"
        >
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
