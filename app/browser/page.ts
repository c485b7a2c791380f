/**
 * Every page's one script of our own: plain DOM, no framework (ADR 0014). The page works without
 * it (links, forms, the popover menu and the dialog sheet are HTML); this adds what the spec asks
 * beyond that. A page with islands (app/components/ui/Island.tsx) loads their runtime (Preact, ADR 0016) for them only.
 */
import { fillAdSlots } from "./ads.ts";
import { wireBusyButtons } from "./busy-buttons.ts";
import { showFailedParts } from "./failed-parts.ts";
import { handleBrokenImages } from "./images.ts";
import { wireNewsletter } from "./newsletter.ts";
import { showReaderDate } from "./reader-date.ts";
import { wireSectionsMenu } from "./sections-menu.ts";
import { wireSideSheet } from "./side-sheet.ts";
import { startTicker } from "./ticker.ts";
import { showToasts } from "./toasts.ts";
import { wireTooltips } from "./tooltips.ts";
import { wireVideoFacades } from "./video.ts";
import { welcomeOnce } from "./welcome.ts";

// Islands' code is fetched while the behaviours are wired.
// Handled at once: an island's code that cannot load leaves its HTML, which works (ADR 0014).
const islands = (
  document.querySelector("[data-island]")
    ? import("./islands.ts").then((m) => m.hydrateIslands())
    : Promise.resolve()
).catch(() => {});

// Each behaviour is wired in a task of its own: one long task would keep a tap waiting (TBT).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

for (const wire of [
  showToasts,
  showFailedParts,
  handleBrokenImages,
  wireBusyButtons,
  showReaderDate,
  wireSectionsMenu,
  wireSideSheet,
  wireTooltips,
  startTicker,
  wireVideoFacades,
  wireNewsletter,
  welcomeOnce,
  fillAdSlots,
]) {
  try {
    wire(document);
  } catch (error) {
    // One behaviour that fails leaves the others (and the page's HTML) working.
    console.error(error);
  }
  await nextTask();
}

// Tests and progressive-enhancement styles read this: behaviours wired, "load" islands hydrated.
await islands;
document.documentElement.dataset.hydrated = "true";
