import { answerNewsletter } from "#server/forms/newsletter-request.server.ts";
import { jsonAnswer, postOnly } from "#server/http/json-answer.server.ts";
import type { Route } from "./+types/newsletter";

/** POST /api/newsletter: the newsletter form's script sends here and gets a NewsletterResult as JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  return jsonAnswer(await answerNewsletter(request, context));
}

export function loader() {
  return postOnly("sign up for the newsletter");
}
