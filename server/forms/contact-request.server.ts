import type { RouterContextProvider } from "react-router";
import { EMPTY_CONTACT } from "#domain/contact.ts";
import { publicationContext, servicesContext } from "../http/request-context.server.ts";
import { type ContactReply, handleContact } from "./contact.server.ts";
import { clientAddressContext } from "./rate-limit.server.ts";

/** A contact message is a few kilobytes; anything far larger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

export const TOO_LARGE = "That message is too large to send. Please shorten it and try again.";

/**
 * A posted contact form, answered: what both the page's action (a plain form post) and
 * /api/contact (the form's script) send back, so the two cannot drift apart.
 */
export async function answerContact(
  request: Request,
  context: Pick<RouterContextProvider, "get">,
): Promise<ContactReply> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    // Read the rest (the server caps bodies at MAX_FORM_BYTES) so the connection stays usable.
    await request.arrayBuffer().catch(() => undefined);
    return { status: 413, body: { ok: false, values: EMPTY_CONTACT, formError: TOO_LARGE } };
  }
  const { store, limiters, mail } = context.get(servicesContext);
  // A body that is not a form (wrong type, broken multipart) reads as an empty form: 400, field by field.
  const form = await request.formData().catch(() => new FormData());
  return handleContact(form, {
    // The host's publication's inbox, and its own count of this client's sends.
    messages: store.publication(context.get(publicationContext).publication.slug).messages,
    limiter: limiters.contact,
    clientKey: `${context.get(publicationContext).publication.slug} ${context.get(clientAddressContext)}`,
    newsroomEmail: context.get(publicationContext).identity.newsroomEmail,
    mailQueued: mail.kick,
  });
}
