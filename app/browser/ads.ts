/** The ad slot's script (app/components/news/AdSlot.tsx), added once the page is idle. */
export function fillAdSlots(doc: Document = document): void {
  const slots = doc.querySelectorAll<HTMLElement>("[data-ad-script]");
  if (slots.length === 0) return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
  idle(() => {
    for (const slot of slots) {
      const script = doc.createElement("script");
      script.src = slot.dataset.adScript ?? "";
      script.async = true;
      slot.append(script);
    }
  });
}
