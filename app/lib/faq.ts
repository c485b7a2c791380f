import { FAQ_FILTERS, type Faq, type FaqFilter } from "#content/faqs.ts";

export const NO_FAQS_MESSAGE = "No FAQs found matching your search criteria.";

/** The spec's counter: 'Showing X of Y FAQs'. */
export function faqCounter(shown: number, total: number): string {
  return `Showing ${shown} of ${total} FAQs`;
}

export function isFaqFilter(value: unknown): value is FaqFilter {
  return typeof value === "string" && (FAQ_FILTERS as readonly string[]).includes(value);
}

/** Case-insensitive and accent-insensitive, so "resume" finds "résumé" and "EV" finds "ev". */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The FAQs matching a search (in the question or the answer, case-insensitive) and a category
 * ("All" matches every one); both apply together. Order is kept.
 */
export function filterFaqs(items: readonly Faq[], query: string, category: FaqFilter): Faq[] {
  const q = fold(query.trim());
  return items.filter(
    (f) =>
      (category === "All" || f.category === category) &&
      (q === "" || fold(f.question).includes(q) || fold(f.answer).includes(q)),
  );
}
