import { answerContact } from "#server/forms/contact-request.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import type { Route } from "./+types/contact";

/**
 * POST /api/contact: the contact form's script sends here and gets the result as JSON (a
 * ContactResult), with the status and headers the page's action would give a plain form post.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = await answerContact(request, context);
  return Response.json(reply.body, {
    status: reply.status,
    // One reader's result: nobody keeps a copy.
    headers: { ...reply.headers, "Cache-Control": CACHE.private },
  });
}

/** Only POST sends; a GET (a crawler following a link, say) is told so. */
export function loader() {
  return new Response("Use POST to send a contact message.\n", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE.none },
  });
}
