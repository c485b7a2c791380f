import { answerNewsletter } from "#server/forms/newsletter-request.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import type { Route } from "./+types/newsletter";

/**
 * POST /api/newsletter: the newsletter form's script sends here and gets the result as JSON (a
 * NewsletterResult), with the status and headers the home page's action would give a plain post.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = await answerNewsletter(request, context);
  return Response.json(reply.body, {
    status: reply.status,
    // One reader's result: nobody keeps a copy.
    headers: { ...reply.headers, "Cache-Control": CACHE.private },
  });
}

/** Only POST signs up; a GET (a crawler following a link, say) is told so. */
export function loader() {
  return new Response("Use POST to sign up for the newsletter.\n", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE.none },
  });
}
