import { useSyncExternalStore } from "react";
import type { Faq } from "#content/faqs.ts";

/**
 * The FAQ list once the reader has generated more: the generator (app/islands/faq-ai.tsx) and the
 * list (app/islands/faq.tsx) are separate React roots that share this module. Null until then, and
 * always on the server (nothing is published there), so both render the loader's list at first.
 */
let generated: readonly Faq[] | null = null;
const listeners = new Set<() => void>();

export function publishFaqs(list: readonly Faq[]): void {
  generated = list;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current list: the generated one once there is one, else `initial` (the loader's). */
export function useFaqList(initial: readonly Faq[]): readonly Faq[] {
  return (
    useSyncExternalStore(
      subscribe,
      () => generated,
      () => null,
    ) ?? initial
  );
}
