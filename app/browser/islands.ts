/**
 * Hydrates the page's islands (app/components/ui/Island.tsx): the one way a widget's code loads
 * late. This module, the island runtime and each island's module load only on a page that has an
 * island. "react" here is Preact's compatible API in the browser's build (vite.config.ts, ADR
 * 0016): it hydrates React's server HTML, synchronously, and has no transitions to time-slice it.
 */
import { type ComponentType, createElement, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { islandProps } from "./island-props.ts";
import { restoreTyped, typedFields } from "./typed-fields.ts";

type IslandModule = { default: ComponentType<Record<string, unknown>> };

/**
 * An island's module, whatever its own props: they arrive here as parsed JSON, so the registry
 * takes each component at its word (the server rendered it from the same props).
 */
const island = (load: () => Promise<{ default: ComponentType<never> }>) =>
  load as () => Promise<IslandModule>;

/** Every island by name; each is its own chunk. */
const ISLANDS: Record<string, () => Promise<IslandModule>> = {
  contact: island(() => import("#app/islands/contact.tsx")),
  faq: island(() => import("#app/islands/faq.tsx")),
  "faq-ai": island(() => import("#app/islands/faq-ai.tsx")),
  radio: island(() => import("#app/islands/radio.tsx")),
  "rss-manager": island(() => import("#app/islands/rss-manager.tsx")),
  "sitemap-manager": island(() => import("#app/islands/sitemap-manager.tsx")),
};

/** Marks the container once React has taken it over (tests and styles read it) and says so. */
function Ready({ el, onReady, children }: { el: HTMLElement; onReady: () => void; children?: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = "true";
    onReady();
  }, [el, onReady]);
  return children;
}

async function hydrate(el: HTMLElement): Promise<void> {
  const load = ISLANDS[el.dataset.island ?? ""];
  if (!load || el.dataset.hydrated) return;
  const props = islandProps(el);
  const { default: Component } = await load();
  // The module ran (evaluation is one task); hydration takes the next, so neither is long.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Taken now, given back once hydrated: what the reader typed while the code was on its way.
  const typed = typedFields(el);
  // Resolved when the island has committed, so the page can say it is ready.
  await new Promise<void>((resolve) => {
    hydrateRoot(el, createElement(Ready, { el, onReady: resolve }, createElement(Component, props)));
  });
  restoreTyped(typed);
}

/**
 * Islands marked "load" hydrate at once (the promise settles when they have); "visible" ones when
 * they come within a screen of the viewport. An island whose code fails to load stays the
 * server's HTML, which works on its own; the next page load tries again.
 */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  // In development the islands' modules carry React Refresh's hooks, which need its runtime first
  // (React Router's <Scripts/> installed it when pages hydrated whole). Those hooks ask React
  // Router's browser router to revalidate after an edit; there is none, so an edit reloads.
  if (import.meta.env.DEV) {
    const dev = window as unknown as { __reactRouterDataRouter?: { revalidate(): void } };
    dev.__reactRouterDataRouter ??= { revalidate: () => location.reload() };
    await import("virtual:react-router/inject-hmr-runtime");
  }
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
  await Promise.allSettled(now.map(hydrate));
}
