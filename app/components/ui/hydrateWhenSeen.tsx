import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { firstInteraction } from "#app/lib/interaction.ts";

/**
 * Resolves when the element comes within 300 px of the viewport or at the reader's
 * first interaction, whichever is first; at once when the element is not in the document (a
 * client-side navigation renders the part fresh, with no server HTML to keep).
 */
function whenNear(id: string): Promise<void> {
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) done();
      },
      { rootMargin: "300px 0px" },
    );
    const done = () => {
      observer.disconnect();
      resolve();
    };
    observer.observe(element);
    firstInteraction().then(done);
  });
}

/** Marks the part's box once its script runs (a test waits for it before clicking inside). */
function MarkReady({ id }: { id: string }) {
  useEffect(() => {
    document.getElementById(id)?.setAttribute("data-ready", "");
  }, [id]);
  return null;
}

/** A thenable that has already settled: lazy() reads its value at once instead of suspending. */
function settled<T>(value: T): Promise<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the point
    then: (onValue: (v: T) => unknown) => settled(onValue(value)),
  } as Promise<T>;
}

/**
 * A part of a page below the fold whose script loads only when the reader nears it. The server
 * renders it in place; in the browser its Suspense boundary keeps the server's HTML (working links
 * and forms included) until `load` resolves, then hydrates it. A chunk that cannot load (offline,
 * a deploy in progress) leaves the plain HTML in place.
 */
export function hydrateWhenSeen<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  // The server loads the part's module at start, so every render has it at hand: a lazy
  // component given an already-settled thenable renders in place instead of suspending.
  let loaded: ComponentType<P> | undefined;
  if (import.meta.env.SSR) void load().then((component) => (loaded = component));
  const Part = lazy(() => {
    if (loaded) return settled({ default: loaded });
    return (import.meta.env.SSR ? load() : whenNear(id).then(load)).then(
      (component) => ({ default: component }),
      () => new Promise<never>(() => {}),
    );
  });
  return function WhenSeen(props: P) {
    return (
      <div id={id}>
        <Suspense fallback={null}>
          <Part {...props} />
          <MarkReady id={id} />
        </Suspense>
      </div>
    );
  };
}
