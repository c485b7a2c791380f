import { ChevronDown } from "#app/components/ui/icons.tsx";
import { lateModule, SwapOnInteraction } from "../ui/late.tsx";
import {
  chevronClass,
  type FaqAccordionProps,
  FaqAnswer,
  FaqQuestion,
  itemClass,
  listClass,
  triggerClass,
} from "./FaqAccordion.parts.tsx";

const radix = lateModule(() => import("./FaqAccordion.radix.tsx").then((m) => m.RadixFaqAccordion));

/**
 * One item open at a time; the open one closes on a second click. The first HTML is an exclusive
 * group of <details> (works without JavaScript, and find-in-page opens answers); Radix's accordion
 * (arrow keys between questions, Home/End) replaces it on the reader's first interaction. Both are
 * driven by the same `value`, so the open item survives the swap.
 */
export function FaqAccordion(props: FaqAccordionProps) {
  const { items, value, onValueChange, serviceName } = props;
  const fallback = (
    <div className={listClass}>
      {items.map((faq) => (
        <details
          key={faq.id}
          name="faq"
          open={value === faq.id}
          onToggle={(e) => {
            if (e.currentTarget.open) onValueChange(faq.id);
            // Closing because another item opened (the group is exclusive) is not "all closed".
            else if (!e.currentTarget.parentElement?.querySelector("details[open]")) onValueChange("");
          }}
          className={`${itemClass} group/item`}
        >
          <summary
            data-focus-key={faq.id}
            className={`${triggerClass} list-none [&::-webkit-details-marker]:hidden`}
          >
            <FaqQuestion faq={faq} />
            <ChevronDown aria-hidden="true" className={`${chevronClass} group-open/item:rotate-180`} />
          </summary>
          <FaqAnswer faq={faq} serviceName={serviceName} />
        </details>
      ))}
    </div>
  );
  return <SwapOnInteraction late={radix} fallback={fallback} props={props} />;
}
