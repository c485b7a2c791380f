import { z } from "zod";

/** One schema for the newsletter form, its action and the tests. */
export const newsletterSchema = z.object({
  email: z
    .string({ error: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email({ error: "Enter a valid email address, like name@example.com." }))
    .transform((e) => e.toLowerCase()),
});

export type NewsletterResult = { ok: true; message: string } | { ok: false; error: string; email: string };

export function parseNewsletter(form: FormData): { email: string } | { error: string; email: string } {
  const raw = form.get("email");
  const email = typeof raw === "string" ? raw : "";
  const result = newsletterSchema.safeParse({ email });
  if (!result.success)
    return { error: result.error.issues[0]?.message ?? "Enter a valid email address.", email };
  return { email: result.data.email };
}

/** The confirmation link's page (a Confirm button: mail scanners open links). */
export const CONFIRM_PATH = "/newsletter/confirm";
/** The unsubscribe link's page and List-Unsubscribe's one-click POST target. */
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

export function confirmLink(siteUrl: string, token: string): string {
  return `${siteUrl}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

export function unsubscribeLink(siteUrl: string, token: string): string {
  return `${siteUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
