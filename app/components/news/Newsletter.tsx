import { type RefObject, useEffect, useId, useRef } from "react";
import { useFetcher, useLocation, useNavigationType } from "react-router";
import { type IconProps, Svg } from "#app/components/ui/icons.tsx";
import { notify } from "#app/lib/toast.ts";
import type { NewsletterResult } from "#domain/newsletter.ts";

/**
 * The email field's id: every Subscribe link points at it (/#newsletter-email), so that a plain
 * link, without JavaScript, scrolls to the field and the browser focuses it (a focusable fragment
 * target takes focus). `#newsletter` (the block) still scrolls to the block.
 */
const EMAIL_ID = "newsletter-email";

/**
 * A client-side navigation to /#newsletter-email (Subscribe on another page) renders this block
 * once its script has arrived, after the router has looked for the field and, not finding it,
 * scrolled to the top: bring the field into view and focus it when the block is there. Only for a
 * link followed (PUSH/REPLACE): a page load does this itself, and Back restores where the reader was.
 */
function useFocusWhenLinked(input: RefObject<HTMLInputElement | null>) {
  const { hash, key } = useLocation();
  const navigation = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (key) is a new request
  useEffect(() => {
    if (hash !== `#${EMAIL_ID}` || navigation === "POP" || !input.current) return;
    input.current.scrollIntoView();
    input.current.focus({ preventScroll: true });
  }, [key]);
}

/**
 * The newsletter block. A plain POST form (works without JavaScript; the page then shows the
 * result inline); with JavaScript it submits in place and confirms with a toast.
 */
export function Newsletter({ fallback }: { fallback?: NewsletterResult }) {
  const fetcher = useFetcher<NewsletterResult>({ key: "newsletter" });
  const result = fetcher.data ?? fallback;
  const form = useRef<HTMLFormElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useFocusWhenLinked(email);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if (data.ok) {
      notify.success("Check your inbox", { description: data.message });
      form.current?.reset();
    } else {
      form.current?.querySelector("input")?.focus();
    }
  }, [fetcher.data]);

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
        <fetcher.Form
          ref={form}
          method="post"
          action="/?index"
          className="mt-5 flex flex-col gap-2 sm:flex-row"
          noValidate
        >
          <input type="hidden" name="intent" value="newsletter" />
          <label htmlFor={EMAIL_ID} className="sr-only">
            Email address
          </label>
          <input
            ref={email}
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
            disabled={busy}
            className="rounded bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-strong disabled:opacity-70"
          >
            {busy ? "Subscribing…" : "Subscribe"}
          </button>
        </fetcher.Form>
        {error ? (
          <p
            id={errorId}
            className="mt-2 text-left text-sm font-medium text-red-700 dark:text-red-400"
            role="alert"
          >
            {error}
          </p>
        ) : null}
        {result?.ok ? (
          <p className="mt-2 text-sm font-medium text-[var(--link)]" role="status">
            {result.message}
          </p>
        ) : null}
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
