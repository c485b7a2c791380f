import { answerContact } from "#server/forms/contact-request.server.ts";
import { jsonAnswer, postOnly } from "#server/http/json-answer.server.ts";
import type { Route } from "./+types/contact";

/** POST /api/contact: the contact form's script sends here and gets a ContactResult as JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  return jsonAnswer(await answerContact(request, context));
}

export function loader() {
  return postOnly("send a contact message");
}
