import type { RouterContextProvider } from "react-router";
import { publicationContext, servicesContext } from "../http/request-context.server.ts";
import { handleNewsletter, type NewsletterReply } from "./newsletter.server.ts";
import { clientAddressContext } from "./rate-limit.server.ts";

/**
 * A posted newsletter sign-up, answered: what both the home page's action (a plain form post) and
 * /api/newsletter (the form's script) send back, so the two cannot drift apart.
 */
export async function answerNewsletter(
  request: Request,
  context: Pick<RouterContextProvider, "get">,
): Promise<NewsletterReply> {
  // A body that is not a form reads as an empty one: the address is missing, said as such.
  const form = await request.formData().catch(() => new FormData());
  const { store, limiters, mail } = context.get(servicesContext);
  return handleNewsletter(form, {
    // The host's publication's list. Sign-ups are counted per client across every publication: each
    // sends a confirmation mail to an address the client names, and one client must not make the
    // network's 3,000 publications mail one inbox.
    subscribers: store.publication(context.get(publicationContext).publication.slug).subscribers,
    limiter: limiters.newsletter,
    clientKey: context.get(clientAddressContext),
    mailQueued: mail.kick,
  });
}
