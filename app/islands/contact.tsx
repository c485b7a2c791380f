import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { notify } from "#app/lib/toast.ts";
import {
  CONTACT_CATEGORIES,
  CONTACT_LIMITS,
  type ContactErrors,
  type ContactField,
  type ContactResult,
  type ContactValues,
  EMPTY_CONTACT,
  firstInvalidField,
  HONEYPOT_FIELD,
  readContactForm,
  SEND_ID_FIELD,
} from "#domain/contact.ts";
import { validateContact } from "#domain/contact-schema.ts";
import { formatCount } from "#domain/numbers.ts";

/** Where the form's script sends: the same handler as the page's action, answering in JSON. */
export const CONTACT_API = "/api/contact";

const inputClass =
  "mt-1.5 block w-full rounded border border-line bg-surface px-3 py-2.5 aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-400";

function Field({
  field,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  field: ContactField;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`contact-${field}`} className="block font-semibold">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        ) : (
          <span className="ml-1 font-normal text-muted">(optional)</span>
        )}
      </label>
      {children}
      {hint ? (
        <p id={`contact-${field}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={`contact-${field}-error`}
          role="alert"
          className="mt-1 text-sm font-medium text-red-700 dark:text-red-400"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

function focusIn(form: HTMLFormElement | null, field: ContactField) {
  const el = form?.elements.namedItem(field);
  if (el instanceof HTMLElement) el.focus();
}

/** aria-describedby for a field: its error first (read first), then its hint. */
function describedBy(field: ContactField, errors: ContactErrors, hint = false): string | undefined {
  const ids = [errors[field] ? `contact-${field}-error` : "", hint ? `contact-${field}-hint` : ""].filter(
    Boolean,
  );
  return ids.length ? ids.join(" ") : undefined;
}

/** A new one-time send id for the next message (the page's id went with the one just sent). */
function newSendId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** The server's answer, or undefined when it is not one (a network failure, a proxy's error page). */
async function send(body: FormData): Promise<ContactResult | undefined> {
  try {
    const response = await fetch(CONTACT_API, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    if (!response.headers.get("content-type")?.includes("application/json")) return undefined;
    return (await response.json()) as ContactResult;
  } catch {
    return undefined;
  }
}

/**
 * The /contact form, an island (the route renders it on the server with the same props). A plain POST to the page's action, so it
 * works without JavaScript (the page then shows the outcome inline). With JavaScript the shared
 * schema checks it first, errors appear next to their fields with the first one focused, it is
 * sent to /api/contact, and a sent message is confirmed with a toast.
 */
export default function ContactForm({ fallback, sendId }: { fallback?: ContactResult; sendId: string }) {
  const [values, setValues] = useState<ContactValues>(() =>
    fallback && !fallback.ok ? fallback.values : EMPTY_CONTACT,
  );
  const [errors, setErrors] = useState<ContactErrors>(() =>
    fallback && !fallback.ok ? (fallback.errors ?? {}) : {},
  );
  const [formError, setFormError] = useState<string | undefined>(() =>
    fallback && !fallback.ok ? fallback.formError : undefined,
  );
  // After a submission without JavaScript, the browser focuses the first problem on load.
  const [autoFocus] = useState(() =>
    fallback && !fallback.ok ? (firstInvalidField(fallback.errors ?? {}) ?? "form-error") : undefined,
  );
  const [currentSendId, setSendId] = useState(sendId);
  const [busy, setBusy] = useState(false);
  // Whether this page has sent with its script: the no-JS confirmation then gives way to toasts.
  const [answered, setAnswered] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Set at once (state is not), so a double click sends once.
  const sending = useRef(false);

  // Focus moves once the errors have rendered (flushSync), so the focused element is read out with its message.
  function showErrors(next: ContactErrors, nextFormError?: string) {
    flushSync(() => {
      setErrors(next);
      setFormError(nextFormError);
    });
    const first = firstInvalidField(next);
    if (first) focusIn(form.current, first);
    else if (nextFormError) document.getElementById("contact-form-error")?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const target = event.currentTarget;
    setFormError(undefined);
    const checked = validateContact(readContactForm(new FormData(target)));
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    sending.current = true;
    setBusy(true);
    const result = await send(new FormData(target));
    sending.current = false;
    setBusy(false);
    if (!result) {
      // No answer we can read: post the form as the page would without script, which says what happened.
      target.submit();
      return;
    }
    setAnswered(true);
    if (result.ok) {
      notify.success(result.title, { description: result.message });
      setValues(EMPTY_CONTACT);
      setErrors({});
      setFormError(undefined);
      setSendId(newSendId());
      return;
    }
    // Keep what the reader typed (the server sends it back too, but ours is at least as fresh).
    showErrors(result.errors ?? {}, result.formError);
  }

  const bind = (field: Exclude<ContactField, "category">) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    maxLength: CONTACT_LIMITS[field],
    required: true,
    autoFocus: autoFocus === field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy(field, errors, field === "message"),
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });

  const sentWithoutScript = fallback?.ok && !answered;
  return (
    <form
      ref={form}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      className="relative grid gap-5"
    >
      <input type="hidden" name={SEND_ID_FIELD} value={currentSendId} />
      {sentWithoutScript ? (
        <div role="status" className="rounded border border-[var(--link)] bg-surface p-4">
          <p className="font-semibold">{fallback.title}</p>
          <p className="mt-1">{fallback.message}</p>
        </div>
      ) : null}
      <p className="text-sm text-muted">
        Fields marked <span className="text-red-700 dark:text-red-400">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field field="name" label="Name" required error={errors.name}>
          <input type="text" autoComplete="name" className={inputClass} {...bind("name")} />
        </Field>
        <Field field="email" label="Email" required error={errors.email}>
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            className={inputClass}
            {...bind("email")}
          />
        </Field>
      </div>
      <Field
        field="category"
        label="Category"
        error={errors.category}
        hint={
          values.category === "news-tip"
            ? "News tips go straight to the newsroom, which replies within 24 hours."
            : "Choose News tip and the newsroom replies within 24 hours; other messages within 24–48 hours."
        }
      >
        <select
          id="contact-category"
          name="category"
          value={values.category}
          onChange={(e) => setValues((v) => ({ ...v, category: e.target.value }))}
          // biome-ignore lint/a11y/noAutofocus: moves focus to the first invalid field after a no-JS submission
          autoFocus={autoFocus === "category"}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={describedBy("category", errors, true)}
          className={inputClass}
        >
          <option value="">Choose a category</option>
          {CONTACT_CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <Field field="subject" label="Subject" required error={errors.subject}>
        <input type="text" className={inputClass} {...bind("subject")} />
      </Field>
      <Field
        field="message"
        label="Message"
        required
        error={errors.message}
        hint={`Up to ${formatCount(CONTACT_LIMITS.message)} characters.`}
      >
        <textarea rows={7} className={`${inputClass} resize-y`} {...bind("message")} />
      </Field>
      {/* The honeypot: hidden from people and assistive technology, so only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website (leave this empty)</label>
        <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {formError ? (
        <p
          id="contact-form-error"
          role="alert"
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: the reason the message was not sent, after a no-JS submission
          autoFocus={autoFocus === "form-error"}
          className="rounded border border-red-700 bg-red-50 p-4 font-medium text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200"
        >
          {formError}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          aria-disabled={busy}
          className="inline-flex items-center gap-2 rounded bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-strong aria-disabled:opacity-70"
        >
          {busy ? (
            <>
              <Spinner />
              Sending…
            </>
          ) : (
            "Send Message"
          )}
        </button>
      </div>
    </form>
  );
}
