import { useState } from "react";
import { FaqAccordion } from "#app/components/faq/FaqAccordion.tsx";
import { FaqFilters } from "#app/components/faq/FaqFilters.tsx";
import { useFaqList } from "#app/components/faq/faq-list.ts";
import { faqCounter, filterFaqs, NO_FAQS_MESSAGE } from "#app/lib/faq.ts";
import type { Faq, FaqFilter } from "#content/faqs.ts";

export type FaqIslandProps = {
  faqs: Faq[];
  /** The search and category the page was asked for (?q=, ?category=): the server filters by them. */
  query: string;
  category: FaqFilter;
  /** Names the service that wrote generated items. */
  serviceName: string;
};

// The generator's form (app/islands/faq-ai.tsx, whose script loads when the reader nears it) does
// nothing without its script: a send before that island has hydrated (Enter right after typing, on
// a slow phone) is held rather than reloading the page, and the generator sends it once it is
// ready. Held here because this island's script runs as the page loads.
if (typeof document !== "undefined") {
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (
        form instanceof HTMLFormElement &&
        form.matches("[data-needs-script]:not([data-island][data-hydrated] *)")
      ) {
        event.preventDefault();
        form.setAttribute("data-held", "");
      }
    },
    true,
  );
}

/** The FAQ list with its search and category filter; generated items join it (faq-list.ts). */
export default function FaqIsland({
  faqs,
  query: initialQuery,
  category: initialCategory,
  serviceName,
}: FaqIslandProps) {
  const items = useFaqList(faqs);
  const [query, setQuery] = useState(initialQuery);
  const [category, setCategory] = useState(initialCategory);
  const shown = filterFaqs(items, query, category);

  return (
    <>
      <FaqFilters query={query} category={category} onQueryChange={setQuery} onCategoryChange={setCategory} />

      <p role="status" className="mt-6 text-sm font-medium text-muted">
        {faqCounter(shown.length, items.length)}
      </p>
      <div className="mt-2">
        {shown.length > 0 ? (
          <FaqAccordion items={shown} serviceName={serviceName} />
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
    </>
  );
}
