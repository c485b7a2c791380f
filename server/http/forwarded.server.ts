import type { NextFunction, Request, Response } from "express";
import { logger } from "#server/logger.server.ts";
import { CACHE } from "./cache-policies.server.ts";

/**
 * Express's "trust proxy" for TRUST_PROXY. "on" means one reverse proxy in front of us: the
 * client is the right-most X-Forwarded-For address (the one our proxy added), never the
 * left-most, which the client writes itself. A hop count or the proxies' addresses/subnets walk
 * from the right past trusted hops to the first untrusted address.
 */
export function trustProxySetting(value: string | undefined): number | string | undefined {
  if (!value || value === "off") return undefined;
  if (value === "on") return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A whole page, readable without our scripts or styles: what happened and what to do. */
export function crossOriginPage(home: string, name = "The Electric Ledger"): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Form not sent | ${escapeHtml(name)}</title></head>
<body>
<main>
<h1>Your form was not sent</h1>
<p>It did not come from a page of this site, so we did not accept it. Nothing was stored.</p>
<p>Please go back to <a href="${escapeHtml(home)}">${escapeHtml(name)}</a>, reload the page and send the form again.</p>
</main>
</body>
</html>
`;
}

/**
 * Form posts must come from our own pages (React Router refuses others with a bare "Bad
 * Request"). Checked here first, with the same rule plus our public address (SITE_URL), so a
 * post through a TLS proxy is accepted even when the proxy's headers are not trusted, and a
 * refused one gets a readable page and a log line that says what to configure.
 */
export function checkFormOrigin(siteUrl: string | ((res: Response) => { siteUrl: string; name: string })) {
  const fixed = typeof siteUrl === "string" ? { siteUrl, name: undefined } : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get("origin");
    if (!MUTATIONS.has(req.method) || origin === undefined) return next();
    // The request's publication's own address and name when there are several (its host's).
    const publication = fixed ?? (siteUrl as (res: Response) => { siteUrl: string; name: string })(res);
    const site = new URL(publication.siteUrl);
    let ours = false;
    let sameAsRequest = false;
    try {
      const url = new URL(origin);
      ours = url.origin === site.origin;
      sameAsRequest = url.origin === `${req.protocol}://${req.get("host") ?? ""}`;
    } catch {
      // "null" (a sandboxed or privacy-sensitive context) or garbage: not one of our pages.
    }
    if (sameAsRequest || ours) return next();
    logger.warn(
      { origin: origin.slice(0, 200), path: req.path.slice(0, 200) },
      "form post refused: its Origin is neither this request's address nor SITE_URL (behind a proxy, set SITE_URL to the public address or TRUST_PROXY)",
    );
    res
      .status(400)
      .set("Cache-Control", CACHE.none)
      .type("html")
      .send(crossOriginPage(`${site.origin}/`, publication.name));
  };
}
