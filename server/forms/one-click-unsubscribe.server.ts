import type { NextFunction, Request, Response } from "express";
import { UNSUBSCRIBE_PATH } from "#domain/newsletter.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import type { Store } from "#server/store/store.ts";
import { unsubscribeNewsletter } from "./newsletter.server.ts";

/**
 * RFC 8058's one-click unsubscribe: a mailbox provider POSTs `List-Unsubscribe=One-Click` to the
 * link in an edition's List-Unsubscribe header, from its own servers, with no Origin or with its
 * own. The token in the link is the credential, so such a POST is answered here, before the
 * form-origin checks that guard our other forms. Our own page's button (Origin: SITE_URL) goes on
 * to the page's action and gets the page.
 */
export function oneClickUnsubscribe(
  /** The request's publication's addresses and its own address (its host's). */
  of: (res: Response) => { subscribers: Pick<Store["subscribers"], "unsubscribe">; siteUrl: string },
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || req.path !== UNSUBSCRIBE_PATH) return next();
    const { subscribers, siteUrl } = of(res);
    if (req.get("origin") === new URL(siteUrl).origin) return next();
    // The body says only "List-Unsubscribe=One-Click": read and drop it, the link says who.
    req.resume();
    const token = typeof req.query.token === "string" ? req.query.token : "";
    try {
      const result = await unsubscribeNewsletter(subscribers, token);
      res
        .status(result === "unsubscribed" ? 200 : 400)
        .set("Cache-Control", CACHE.none)
        .type("text/plain; charset=utf-8")
        .send(result === "unsubscribed" ? "Unsubscribed.\n" : "This unsubscribe link is not valid.\n");
    } catch (error) {
      next(error);
    }
  };
}
