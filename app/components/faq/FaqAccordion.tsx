import type { KeyboardEvent } from "react";
import { ChevronDown } from "#app/components/ui/icons.tsx";
import type { Faq } from "#content/faqs.ts";

const triggerClass =
  "flex w-full cursor-pointer list-none items-start justify-between gap-4 py-4 text-left font-serif text-lg font-bold leading-snug hover:text-[var(--link)] sm:text-xl [&::-webkit-details-marker]:hidden";
const chevronClass =
  "mt-1 size-5 shrink-0 text-muted transition-transform group-open/item:rotate-180 motion-reduce:transition-none";

/** Arrow keys, Home and End move between the questions, as in the ARIA accordion pattern. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const list = event.currentTarget.closest("[data-faq-list]");
  if (!list) return;
  const questions = [...list.querySelectorAll<HTMLElement>(":scope > details > summary")];
  const at = questions.indexOf(event.currentTarget);
  const last = questions.length - 1;
  const next: Record<string, number> = {
    ArrowDown: at === last ? 0 : at + 1,
    ArrowUp: at === 0 ? last : at - 1,
    Home: 0,
    End: last,
  };
  const target = questions[next[event.key] ?? -1];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * One item open at a time; the open one closes on a second click. An exclusive group of native
 * <details> (name="faq"): it works without JavaScript, and find-in-page opens answers. Open state
 * is the browser's own (not React's), so an answer opened before the script ran stays open.
 */
export function FaqAccordion({ items, serviceName }: { items: readonly Faq[]; serviceName: string }) {
  return (
    <div data-faq-list="" className="border-t border-line">
      {items.map((faq) => (
        <details key={faq.id} name="faq" className="group/item border-b border-line">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is the details' native button */}
          <summary onKeyDown={moveFocus} className={triggerClass}>
            {/* The questions sit right under the page title (h1), so they are h2s. */}
            <h2>
              {faq.question}
              {faq.generated ? (
                <span className="ml-2 inline-block translate-y-[-2px] rounded-full border border-line px-2 py-0.5 align-middle font-sans text-xs font-semibold text-muted">
                  AI-generated
                </span>
              ) : null}
            </h2>
            <ChevronDown aria-hidden="true" className={chevronClass} />
          </summary>
          <div className="pb-5 pr-9">
            <p className="text-base leading-relaxed">{faq.answer}</p>
            <p className="mt-3 text-sm text-muted">
              <span className="font-semibold uppercase tracking-wide text-[var(--link)]">{faq.category}</span>
              {faq.generated ? ` · Written by ${serviceName}, not checked by our newsroom` : null}
            </p>
          </div>
        </details>
      ))}
    </div>
  );
}
