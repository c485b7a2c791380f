import { type FormEvent, useEffect, useRef, useState } from "react";
import { publishFaqs, useFaqList } from "#app/components/faq/faq-list.ts";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { generateFaqs, missingKeyMessage } from "#app/lib/ai-faq.ts";
import type { Faq } from "#content/faqs.ts";
import type { AiService } from "#content/site.ts";

export type FaqAiProps = {
  service: AiService;
  /** The loader's FAQs: generated ones are appended to them (and to what earlier runs added). */
  items: Faq[];
};

/**
 * "Generate more FAQs" with the reader's own key: an island of its own, loaded when the reader nears
 * it; the list it extends is the FAQ island's (they share faq-list.ts). The key is React state only:
 * the input has no name (so no form ever submits it), nothing writes it to storage, and it goes
 * only to the service, in one request's Authorization header.
 */
export default function FaqAi({ service, items: initial }: FaqAiProps) {
  const items = useFaqList(initial);
  const [key, setKey] = useState("");
  const [generating, setGenerating] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const missing = key.trim() === "";

  useEffect(() => {
    // The panel's script loads when the reader nears it: a key typed before it arrived is kept,
    // and a send held meanwhile (by the FAQ island, app/islands/faq.tsx) goes now, once the
    // island has hydrated (the timeout lets the island's container be marked so first).
    const typed = input.current?.value;
    if (typed) setKey(typed);
    const form = input.current?.form;
    if (form?.hasAttribute("data-held")) {
      form.removeAttribute("data-held");
      setTimeout(() => form.isConnected && form.requestSubmit(), 0);
    }
  }, []);

  async function generate(event: FormEvent) {
    event.preventDefault();
    if (generating) return;
    // The input's own value: a send held until the script arrived comes before the re-render
    // that copies a key typed meanwhile into state.
    const current = input.current?.value ?? key;
    if (current.trim() === "") {
      setAlert(missingKeyMessage(service.name));
      input.current?.focus();
      return;
    }
    setGenerating(true);
    setAlert(null);
    setNote(null);
    const result = await generateFaqs(service, current, items);
    setGenerating(false);
    if (!result.ok) {
      setAlert(result.error);
      return;
    }
    publishFaqs(result.list);
    setNote(
      result.added === 0
        ? "No new FAQs this time: every question it suggested is already listed."
        : `Added ${result.added} new ${result.added === 1 ? "FAQ" : "FAQs"} to the list above.`,
    );
  }

  const disabled = missing || generating;
  return (
    <section
      aria-labelledby="faq-ai-title"
      className="mt-10 rounded-lg border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="faq-ai-title" className="font-serif text-2xl font-bold">
        Generate more FAQs
      </h2>
      <p className="mt-2 text-muted">
        Have your own {service.name} API key? Use it to add AI-written questions and answers to this page.
        Your browser sends the key straight to {service.name}: it never reaches our servers and is not saved,
        so it is gone when you leave the page. Generated answers are not checked by our newsroom.
      </p>
      <form className="group mt-4" onSubmit={generate} aria-busy={generating} data-needs-script="">
        <label htmlFor="faq-ai-key" className="block font-semibold">
          {service.name} API key
        </label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            id="faq-ai-key"
            type="password"
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              if (alert && e.target.value.trim()) setAlert(null);
            }}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-describedby={alert ? "faq-ai-alert" : undefined}
            className="min-w-0 flex-1 rounded border border-line bg-page px-3 py-2.5"
          />
          <button
            type="submit"
            aria-disabled={disabled}
            className="inline-flex items-center justify-center gap-2 rounded bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-strong aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-accent"
          >
            {generating ? (
              <>
                <Spinner />
                Generating…
              </>
            ) : (
              "Generate FAQs"
            )}
          </button>
        </div>
        {/* Shown while a send waits for this island's script (the FAQ island holds it). */}
        <p className="mt-2 hidden text-sm text-muted group-data-held:block">
          Getting the generator ready… If nothing happens, reload the page.
        </p>
        <noscript>
          <p className="mt-2 text-sm text-muted">Generating FAQs needs JavaScript.</p>
        </noscript>
        {alert ? (
          <p id="faq-ai-alert" role="alert" className="mt-3 font-medium text-red-700 dark:text-red-400">
            {alert}
          </p>
        ) : null}
        <p role="status" className="mt-3 text-sm text-muted empty:hidden">
          {generating ? `Asking ${service.name} for new FAQs…` : (note ?? "")}
        </p>
      </form>
    </section>
  );
}
