import type { MetaDescriptor } from "react-router";
import { identity as bundled } from "#content/identity.ts";
import type { PublicationIdentity } from "#domain/publication.ts";

type RootData = { siteUrl: string; publication: PublicationIdentity } | undefined;
type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

export type PageSeo = {
  title: string;
  description?: string;
  /** Canonical path; defaults to the current path without its query. */
  path?: string;
  type?: "website" | "article";
  noindex?: boolean;
};

export function siteUrlFrom(matches: MetaArgsLike["matches"]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  return root?.siteUrl ?? "";
}

type Identity = Pick<
  PublicationIdentity,
  "title" | "description" | "socialImage" | "language" | "network" | "newsroomEmail"
>;

/** The page's publication (the root loader's): its name in titles, its texts in descriptions. */
export function publicationFrom(matches: MetaArgsLike["matches"]): Identity {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  return root?.publication ?? bundled;
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function seo(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  const identity = publicationFrom(args.matches);
  const url = `${siteUrl}${page.path ?? args.location.pathname}`;
  const title = page.title === identity.title ? identity.title : `${page.title} | ${identity.title}`;
  const description = page.description ?? identity.description;
  const image = `${siteUrl}${identity.socialImage.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: identity.title },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(identity.socialImage.width) },
    { property: "og:image:height", content: String(identity.socialImage.height) },
    { property: "og:image:alt", content: identity.socialImage.alt },
    { property: "og:locale", content: identity.language.replace("-", "_") },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** JSON-LD for the publication: the organisation and the site with its search action. */
export function publicationJsonLd(siteUrl: string, identity: Identity): string {
  const data = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "NewsMediaOrganization",
        "@id": `${siteUrl}/#organization`,
        name: identity.title,
        url: `${siteUrl}/`,
        logo: {
          "@type": "ImageObject",
          url: `${siteUrl}/images/apple-touch-icon.png`,
          width: 180,
          height: 180,
        },
        parentOrganization: { "@type": "Organization", name: identity.network.name },
        publishingPrinciples: `${siteUrl}/about#editorial-standards`,
        email: identity.newsroomEmail,
      },
      {
        "@type": "WebSite",
        "@id": `${siteUrl}/#website`,
        name: identity.title,
        url: `${siteUrl}/`,
        inLanguage: identity.language,
        publisher: { "@id": `${siteUrl}/#organization` },
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${siteUrl}/search?q={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      },
    ],
  };
  // "<" escaped so the JSON can never close its <script> element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/**
 * Speculation Rules: a link to one of our pages is prerendered when the reader's pointer rests on
 * it (~200 ms) or presses it, so the click that follows shows a page already rendered. Not the
 * generated files, the mail links' pages (a button acts there, but no speculation should reach
 * them), nor search (each one counts against the reader's search rate limit and costs a ranking),
 * nor links that download or open elsewhere.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: [
                "/*.xml",
                "/*.txt",
                "/search*",
                "/newsletter/*",
                "/rss-manager/*",
                "/api/*",
                "/_test/*",
              ],
            },
          },
          { not: { selector_matches: "[download], [target=_blank], [rel~=nofollow]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
