/**
 * The contact form's fields, limits and texts. The schema that checks them (in the browser and
 * again on the server) is in contact-schema.ts.
 */

export const CONTACT_CATEGORIES = [
  { value: "news-tip", label: "News tip" },
  { value: "partnership", label: "Partnership" },
  { value: "feedback", label: "Feedback" },
  { value: "press-release", label: "Press release" },
  { value: "general", label: "General" },
] as const;

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]["value"];

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/** The fields in the form's order: the first invalid one gets focus. */
export const CONTACT_FIELDS = ["name", "email", "category", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** A hidden field people never fill in; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";

/** The form's one-time id for one send (see insertMessageOnce). */
export const SEND_ID_FIELD = "send_id";

/** A send id as the page hands it out (a UUID); anything else is ignored. */
export function readSendId(value: unknown): string | undefined {
  return typeof value === "string" && /^[\w-]{8,64}$/.test(value) ? value : undefined;
}

export const SENT_TITLE = "Message Sent";
export const SENT_TEXT = "Thank you for your message. We'll get back to you soon!";

/** What the reader typed, as strings (kept when something goes wrong, so nothing is lost). */
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** A valid message, trimmed, ready to store. */
export type ContactMessage = {
  name: string;
  email: string;
  category?: ContactCategory;
  subject: string;
  message: string;
};

export const EMPTY_CONTACT: ContactValues = { name: "", email: "", category: "", subject: "", message: "" };

/** The form's fields as strings ("" when missing); line endings normalised to \n. */
export function readContactForm(form: FormData): ContactValues {
  const values = { ...EMPTY_CONTACT };
  for (const field of CONTACT_FIELDS) {
    const v = form.get(field);
    values[field] = typeof v === "string" ? v.replace(/\r\n?/g, "\n") : "";
  }
  return values;
}

/** The first field (in form order) with an error. */
export function firstInvalidField(errors: ContactErrors): ContactField | undefined {
  return CONTACT_FIELDS.find((f) => errors[f]);
}

/** What the action answers; values come back whenever the message was not taken. */
export type ContactResult =
  | { ok: true; title: string; message: string }
  | { ok: false; values: ContactValues; errors?: ContactErrors; formError?: string };
