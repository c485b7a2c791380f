import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FaqAccordion } from "#app/components/faq/FaqAccordion.tsx";
import { FaqFilters } from "#app/components/faq/FaqFilters.tsx";
import { lateModule, whenSeen } from "#app/components/ui/late.tsx";
import { faqCounter, filterFaqs, isFaqFilter, NO_FAQS_MESSAGE } from "#app/lib/faq.ts";
import { seo } from "#app/lib/seo.ts";
import { type Faq, faqs } from "#content/faqs.ts";
import { aiService } from "#content/site.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { servicesContext } from "#server/http/request-context.server.ts";
import type { Route } from "./+types/faq";

// At the foot of the page: its script loads when the reader nears it.
const FaqAiPanel = whenSeen(
  "faq-ai",
  lateModule(() => import("#app/components/faq/FaqAiPanel.tsx").then((m) => m.FaqAiPanel)),
);

// The generator's form does nothing without its script: a send before that script has run (Enter
// right after typing, on a slow phone) is held rather than reloading the page, and the panel
// sends it once it is ready (FaqAiPanel).
if (typeof document !== "undefined") {
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && form.matches("[data-needs-script]:not([data-ready] *)")) {
        event.preventDefault();
        form.setAttribute("data-held", "");
      }
    },
    true,
  );
}

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, {
    title: "Frequently Asked Questions",
    description:
      "Answers about The Electric Ledger and about electric vehicles: charging times, tax credits, batteries and more.",
    path: "/faq",
  }),
  { "script:ld+json": faqJsonLd(args.loaderData?.faqs ?? []) },
];

/**
 * The FAQs come through the loader (in the HTML, not in a script chunk). The browser calls the AI
 * service itself, so it needs the configured endpoint and model too.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { faqs, ai: aiService(context.get(servicesContext).config) };
}

export function headers() {
  return { "Cache-Control": CACHE.stable };
}

/** Structured data for our own FAQs (generated ones exist only in a reader's page). */
function faqJsonLd(items: readonly Faq[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.answer },
    })),
  };
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const [items, setItems] = useState<Faq[]>(loaderData.faqs);
  const [query, setQuery] = useState(() => params.get("q") ?? "");
  // Without JavaScript a clicked category follows the hidden current one in the query: the last wins.
  const [category, setCategory] = useState(
    () => params.getAll("category").filter(isFaqFilter).at(-1) ?? "All",
  );
  const [open, setOpen] = useState("");
  const shown = filterFaqs(items, query, category);
  const { ai } = loaderData;

  return (
    <article aria-labelledby="faq-title" className="mx-auto max-w-3xl">
      <header className="border-b border-line pb-6">
        <h1 id="faq-title" className="font-serif text-4xl font-bold leading-tight sm:text-5xl">
          Frequently Asked Questions
        </h1>
        <p className="mt-4 text-lg text-muted">
          Quick answers about The Electric Ledger and about driving and charging electric: costs, incentives,
          batteries and where our news comes from.
        </p>
      </header>

      <FaqFilters query={query} category={category} onQueryChange={setQuery} onCategoryChange={setCategory} />

      <p role="status" className="mt-6 text-sm font-medium text-muted">
        {faqCounter(shown.length, items.length)}
      </p>
      <div className="mt-2">
        {shown.length > 0 ? (
          <FaqAccordion items={shown} value={open} onValueChange={setOpen} serviceName={ai.name} />
        ) : (
          <div className="rounded border border-dashed border-line px-4 py-8 text-center">
            <p className="text-lg">{NO_FAQS_MESSAGE}</p>
            <p className="mt-3">
              <a
                href="/faq"
                className="link"
                onClick={(e) => {
                  e.preventDefault();
                  setQuery("");
                  setCategory("All");
                }}
              >
                Show all FAQs
              </a>
            </p>
          </div>
        )}
      </div>

      <aside
        aria-labelledby="faq-contact-title"
        className="mt-10 flex flex-col gap-3 rounded-lg border border-line p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="faq-contact-title" className="font-serif text-xl font-bold">
            Still have a question?
          </h2>
          <p className="mt-1 text-muted">Our newsroom reads every message.</p>
        </div>
        <Link
          to="/contact"
          className="inline-flex items-center justify-center gap-2 rounded bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-strong"
        >
          Contact us
        </Link>
      </aside>

      <FaqAiPanel service={ai} items={items} onGenerated={setItems} />
    </article>
  );
}
