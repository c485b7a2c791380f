import type { NextFunction, Request, Response } from "express";
import type { PublicationIdentity } from "#domain/publication.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import type { Publication } from "./publication-file.ts";
import type { Publications } from "./registry.server.ts";

/** The publication a request is for, as loaders, actions and the site's files see it. */
export type ServedPublication = {
  publication: Publication;
  identity: PublicationIdentity;
  /** Its own address (no trailing slash): absolute URLs in feeds, sitemaps and canonical links. */
  siteUrl: string;
};

/**
 * A publication's address: SITE_URL without PUBLICATIONS_DIR (the bundled site, as before);
 * otherwise SITE_URL's scheme and port with the publication's first exact host (a wildcard-only
 * publication is addressed by the name the request used), so every page and file of it names one
 * canonical address whichever of its hosts was asked.
 */
export function publicationSiteUrl(
  publication: Publication,
  siteUrl: string,
  fromDir: boolean,
  requestHost = "",
): string {
  if (!fromDir) return siteUrl;
  const base = new URL(siteUrl);
  // Every folder's publication has an exact host (publication-file.ts); the request's is a fallback.
  const host = publication.hosts.find((h) => !h.startsWith("*.")) ?? requestHost.toLowerCase();
  return `${base.protocol}//${host}${base.port ? `:${base.port}` : ""}`;
}

/** The page a host that names no publication gets: it names none of them. */
export const NO_PUBLICATION_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title></head>
<body>
<main>
<h1>Not found</h1>
<p>No publication is served at this address.</p>
</main>
</body>
</html>
`;

/**
 * Host → publication for every request that reaches it (the health checks answer before it, on
 * every host): `res.locals.served` for what follows, or a plain 404 for a host no publication
 * names. Express's req.hostname is the Host header's, or X-Forwarded-Host's under TRUST_PROXY.
 */
export function resolvePublication(publications: Publications, siteUrl: string) {
  // Per snapshot: a reload makes new Publication objects, and these go with the old ones.
  const addresses = new WeakMap<Publication, string>();
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.hostname;
    const publication = publications.current().resolve(host);
    if (!publication) {
      res.status(404).set("Cache-Control", CACHE.none).type("html").send(NO_PUBLICATION_PAGE);
      return;
    }
    let address = addresses.get(publication);
    if (address === undefined) {
      address = publicationSiteUrl(publication, siteUrl, publications.fromDir, host);
      // A wildcard-only publication's address is the request's: not kept.
      if (!publications.fromDir || publication.hosts.some((h) => !h.startsWith("*.")))
        addresses.set(publication, address);
    }
    const served: ServedPublication = { publication, identity: publication.identity, siteUrl: address };
    res.locals.served = served;
    next();
  };
}
