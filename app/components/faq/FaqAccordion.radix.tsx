import { Accordion } from "radix-ui";
import { ChevronDown } from "#app/components/ui/icons.tsx";
import {
  chevronClass,
  type FaqAccordionProps,
  FaqAnswer,
  FaqQuestion,
  itemClass,
  listClass,
  triggerClass,
} from "./FaqAccordion.parts.tsx";

/** Radix's accordion, single and collapsible: buttons with aria-expanded, arrow keys between them. */
export function RadixFaqAccordion({ items, value, onValueChange, serviceName }: FaqAccordionProps) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      value={value}
      onValueChange={onValueChange}
      className={listClass}
    >
      {items.map((faq) => (
        <Accordion.Item key={faq.id} value={faq.id} className={itemClass}>
          {/* The questions sit right under the page title (h1), so they are h2s. */}
          <Accordion.Header asChild>
            <h2 className="m-0">
              <Accordion.Trigger data-focus-key={faq.id} className={triggerClass}>
                <FaqQuestion faq={faq} />
                <ChevronDown
                  aria-hidden="true"
                  className={`${chevronClass} group-data-[state=open]:rotate-180`}
                />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content>
            <FaqAnswer faq={faq} serviceName={serviceName} />
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
