// What the first HTML and Radix's accordion share: in a module of its own, so neither imports the other.
import type { Faq } from "#content/faqs.ts";

export type FaqAccordionProps = {
  items: readonly Faq[];
  /** The open item's id; "" when all are closed. */
  value: string;
  onValueChange: (value: string) => void;
  /** Names the service that wrote generated items. */
  serviceName: string;
};

export const listClass = "border-t border-line";
export const itemClass = "border-b border-line";
export const triggerClass =
  "group flex w-full cursor-pointer items-start justify-between gap-4 py-4 text-left font-serif text-lg font-bold leading-snug hover:text-[var(--link)] sm:text-xl";
export const chevronClass =
  "mt-1 size-5 shrink-0 text-muted transition-transform motion-reduce:transition-none";

/** The question's text, with a label on items the AI service wrote. */
export function FaqQuestion({ faq }: { faq: Faq }) {
  return (
    <span>
      {faq.question}
      {faq.generated ? (
        <span className="ml-2 inline-block translate-y-[-2px] rounded-full border border-line px-2 py-0.5 align-middle font-sans text-xs font-semibold text-muted">
          AI-generated
        </span>
      ) : null}
    </span>
  );
}

export function FaqAnswer({ faq, serviceName }: { faq: Faq; serviceName: string }) {
  return (
    <div className="pb-5 pr-9">
      <p className="text-base leading-relaxed">{faq.answer}</p>
      <p className="mt-3 text-sm text-muted">
        <span className="font-semibold uppercase tracking-wide text-[var(--link)]">{faq.category}</span>
        {faq.generated ? ` · Written by ${serviceName}, not checked by our newsroom` : null}
      </p>
    </div>
  );
}
