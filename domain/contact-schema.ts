/**
 * The contact form's one schema, used by the form in the browser, by the action on the server and by
 * the tests. zod/mini keeps the browser's share small.
 */
import * as z from "zod/mini";
import {
  CONTACT_CATEGORIES,
  CONTACT_LIMITS,
  type ContactCategory,
  type ContactErrors,
  type ContactField,
  type ContactMessage,
  type ContactValues,
} from "./contact.ts";
import { formatCount } from "./numbers.ts";

/** Control characters other than tab and newline (terminal escapes, bidi-free C0/C1 codes). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NO_CONTROL = /^[^\u0000-\u0008\u000B-\u001F\u007F-\u009F]*$/;
const CONTROL_MESSAGE = "Please remove the invisible control characters (for example from a paste).";

const requiredText = (missing: string, max: number, tooLong: string) =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(max, tooLong),
      z.regex(NO_CONTROL, CONTROL_MESSAGE),
    );

export const contactSchema = z.object({
  name: requiredText(
    "Enter your name.",
    CONTACT_LIMITS.name,
    `Your name must be ${CONTACT_LIMITS.name} characters or fewer.`,
  ),
  email: z.pipe(
    requiredText("Enter your email address.", CONTACT_LIMITS.email, "That email address is too long."),
    z.email("Enter a valid email address, like name@example.com."),
  ),
  // Optional: the empty choice means "no category".
  category: z.optional(
    z.union(
      [
        z.literal(""),
        z.enum(CONTACT_CATEGORIES.map((c) => c.value) as [ContactCategory, ...ContactCategory[]]),
      ],
      "Choose one of the listed topics.",
    ),
  ),
  subject: requiredText(
    "Enter a subject.",
    CONTACT_LIMITS.subject,
    `The subject must be ${CONTACT_LIMITS.subject} characters or fewer.`,
  ),
  message: requiredText(
    "Enter your message.",
    CONTACT_LIMITS.message,
    `The message must be ${formatCount(CONTACT_LIMITS.message)} characters or fewer.`,
  ),
});

export function validateContact(
  values: ContactValues,
): { ok: true; data: ContactMessage } | { ok: false; errors: ContactErrors } {
  const result = contactSchema.safeParse(values);
  if (result.success) {
    const { category, ...rest } = result.data;
    return { ok: true, data: category ? { ...rest, category } : rest };
  }
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
