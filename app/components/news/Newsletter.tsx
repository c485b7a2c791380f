import { useId } from "react";
import { type IconProps, Svg } from "#app/components/ui/icons.tsx";
import type { NewsletterResult } from "#domain/newsletter.ts";

/**
 * The email field's id: every Subscribe link points at it (/#newsletter-email), so that a link
 * scrolls to the field and the browser focuses it (a focusable fragment target takes focus).
 * `#newsletter` (the block) still scrolls to the block.
 */
const EMAIL_ID = "newsletter-email";

/**
 * The newsletter block. A plain POST form: the page comes back with the result under it. The
 * page script sends it to /api/newsletter instead, shows the answer in place and confirms a
 * sign-up with a toast (app/browser/newsletter.ts).
 */
export function Newsletter({ result }: { result?: NewsletterResult }) {
  const errorId = useId();

  const error = result && !result.ok ? result.error : undefined;
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-title"
      className="scroll-mt-4 rounded-lg border border-line bg-surface p-6 sm:p-8"
    >
      <div className="mx-auto max-w-2xl text-center">
        <Mail aria-hidden="true" className="mx-auto size-8 text-[var(--link)]" />
        <h2 id="newsletter-title" className="mt-2 font-serif text-3xl font-bold">
          Stay Updated
        </h2>
        <p className="mt-2 text-muted">
          Each morning's most important stories on electric vehicles, charging and clean transport, in one
          short email. No spam; unsubscribe any time.
        </p>
        <form
          method="post"
          action="/?index"
          data-api="/api/newsletter"
          className="mt-5 flex flex-col gap-2 sm:flex-row"
          noValidate
        >
          <input type="hidden" name="intent" value="newsletter" />
          <label htmlFor={EMAIL_ID} className="sr-only">
            Email address
          </label>
          <input
            id={EMAIL_ID}
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="Enter your email"
            defaultValue={error ? (result?.ok === false ? result.email : "") : ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="min-w-0 flex-1 scroll-mt-64 rounded border border-line bg-page px-3 py-2.5 aria-[invalid=true]:border-red-600"
          />
          <button
            type="submit"
            className="rounded bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-strong disabled:opacity-70"
          >
            Subscribe
          </button>
        </form>
        {/* Both answers are always there, hidden when empty: the page script fills them from
            /api/newsletter's answer without replacing the form (or the reader's focus). */}
        <p
          id={errorId}
          data-newsletter-error
          hidden={!error}
          className="mt-2 text-left text-sm font-medium text-red-700 dark:text-red-400"
          role="alert"
        >
          {error}
        </p>
        <p
          data-newsletter-status
          hidden={!result?.ok}
          className="mt-2 text-sm font-medium text-[var(--link)]"
          role="status"
        >
          {result?.ok ? result.message : null}
        </p>
      </div>
    </section>
  );
}

/** Lucide's mail, here rather than in the frame's icons: only this block uses it. */
function Mail(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" />
      <rect x="2" y="4" width="20" height="16" rx="2" />
    </Svg>
  );
}
