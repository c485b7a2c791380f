/**
 * Hydrates the page's islands (app/components/ui/Island.tsx): the one way a widget's code loads
 * late. This module, React DOM and each island's module load only on a page that has an island.
 */
import { type ComponentType, createElement, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

type IslandModule = { default: ComponentType<Record<string, unknown>> };

/** Every island by name; each is its own chunk. */
const ISLANDS: Record<string, () => Promise<IslandModule>> = {
  // Each island's props are checked where its route renders it; here they are JSON.
  contact: () => import("#app/islands/contact.tsx") as Promise<IslandModule>,
  radio: () => import("#app/islands/radio.tsx") as Promise<IslandModule>,
};

/** Marks the container once React has taken it over (tests and styles read it). */
function Ready({ el, children }: { el: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = "true";
  }, [el]);
  return children;
}

async function hydrate(el: HTMLElement): Promise<void> {
  const load = ISLANDS[el.dataset.island ?? ""];
  if (!load || el.dataset.hydrated) return;
  const props = JSON.parse(el.dataset.props ?? "{}") as Record<string, unknown>;
  const { default: Component } = await load();
  await new Promise<void>((resolve) => {
    hydrateRoot(el, createElement(Ready, { el }, createElement(Component, props)), {
      onRecoverableError: (error) => console.warn("island", el.dataset.island, error),
    });
    // Resolved when the island has committed (Ready's effect), so the page can say it is ready.
    new MutationObserver((_, observer) => {
      if (el.dataset.hydrated) {
        observer.disconnect();
        resolve();
      }
    }).observe(el, { attributes: true, attributeFilter: ["data-hydrated"] });
  });
}

/**
 * Islands marked "load" hydrate at once (the promise settles when they have); "visible" ones when
 * they come within a screen of the viewport. An island whose code fails to load stays the
 * server's HTML, which works on its own; the next page load tries again.
 */
export function hydrateIslands(root: ParentNode = document): Promise<void> {
  const all = [...root.querySelectorAll<HTMLElement>("[data-island]")];
  const later = all.filter((el) => el.dataset.load === "visible");
  if (later.length > 0) {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          hydrate(entry.target as HTMLElement).catch(() => {});
        }
      },
      { rootMargin: "100% 0px" },
    );
    for (const el of later) observer.observe(el);
  }
  const now = all.filter((el) => el.dataset.load !== "visible");
  return Promise.allSettled(now.map(hydrate)).then(() => {});
}
