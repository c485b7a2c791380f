/**
 * The one way code loads late (ADR 0010): `lateModule` wraps an `import()`, and the wrappers below
 * say when a widget's module is asked for: when the reader nears it (`whenSeen`), at the reader's
 * first interaction (`SwapOnInteraction`, `preloadOnInteraction`), or when it is first rendered
 * (`whenShown`). What is reached only through such an `import()` gets a chunk of its own
 * (scripts/lib/chunk-rules.ts).
 */
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { firstInteraction } from "#app/lib/interaction.ts";

/** A module loaded late: call it to load (once); `value` is there once it has loaded. */
export type Late<T> = {
  (): Promise<T>;
  readonly value: T | undefined;
};

/**
 * One load at a time, kept once it succeeds; a load that fails (offline, a deploy under way) is
 * forgotten, so the next call tries again.
 */
export function lateModule<T>(load: () => Promise<T>): Late<T> {
  let pending: Promise<T> | undefined;
  const late: { (): Promise<T>; value?: T } = () =>
    (pending ??= load().then(
      (loaded) => (late.value = loaded),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return late as Late<T>;
}

/** Loads `late` at the reader's first interaction (never on the server); a failure is left for the next call. */
export function preloadOnInteraction(late: Late<unknown>): void {
  void firstInteraction()
    .then(late)
    .catch(() => {});
}

/** A thenable that has already settled: lazy() reads its value at once instead of suspending. */
function settled<T>(value: T): Promise<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the point
    then: (onValue: (v: T) => unknown) => settled(onValue(value)),
  } as Promise<T>;
}

/** A lazy component of `late`'s; at once (no suspending) when it is already in, else from `get`. */
function lazyLate<P extends object>(late: Late<ComponentType<P>>, get: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    late.value ? settled({ default: late.value }) : get().then((component) => ({ default: component })),
  );
}

/**
 * A component whose code loads when it is first rendered (in the browser and on the server); it
 * suspends until then, so the caller gives it a `<Suspense>` boundary where one is wanted. If the
 * code cannot load, `Failed` renders instead (for the rest of the page's life, as React.lazy keeps
 * its outcome).
 */
export function whenShown<P extends object>(
  late: Late<ComponentType<P>>,
  Failed: ComponentType<P>,
): ComponentType<P> {
  return lazyLate(late, () => late().catch(() => Failed));
}

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

/**
 * A part of a page below the fold whose script loads only when the reader nears it. The server
 * renders it in place (it loads the module at start); in the browser its Suspense boundary keeps
 * the server's HTML (working links and forms included) until the module is in, then hydrates it.
 * A chunk that cannot load leaves the plain HTML in place.
 */
export function whenSeen<P extends object>(id: string, late: Late<ComponentType<P>>): ComponentType<P> {
  if (import.meta.env.SSR) late().catch(() => {});
  const Part = lazyLate(late, () =>
    (import.meta.env.SSR ? late() : whenNear(id).then(late)).catch(() => new Promise<never>(() => {})),
  );
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

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * Renders `fallback` (plain, equivalent markup) until the reader first interacts with the page,
 * then the component `late` loads. Focus inside survives the swap: elements carry
 * `data-focus-key`, and the one that had focus before gets it back after. The focused key is
 * followed as focus moves (not read when the chunk arrives): the swap commits a moment after
 * that, and a Tab in between used to leave focus on a removed element.
 */
export function SwapOnInteraction<P extends object>({
  late,
  fallback,
  props,
}: {
  late: Late<ComponentType<P>>;
  fallback: ReactNode;
  props: P;
}) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  const focusKey = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    firstInteraction()
      .then(late)
      .then(async (C) => {
        // Not while a control inside is pressed (a mouse button or Space held: it is :active).
        // The release would meet a new element, and the browser sends no click then.
        while (box.current?.querySelector(":active")) await new Promise((r) => setTimeout(r, 50));
        if (live) setLoaded(() => C);
      })
      .catch(() => {
        // Stay on the plain fallback if the chunk cannot load (offline, deploy in progress).
      });
    return () => {
      live = false;
    };
  }, [late]);

  useIsoLayoutEffect(() => {
    const key = focusKey.current;
    // Only when the swap took the focused element away (focus fell back to the body).
    if (!Loaded || !key || (document.activeElement && document.activeElement !== document.body)) return;
    box.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus();
  }, [Loaded]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus is only followed here, never handled
    <span
      ref={box}
      className="contents"
      onFocus={(e) => {
        focusKey.current = e.target.getAttribute("data-focus-key");
      }}
      onBlur={(e) => {
        // Focus moving elsewhere forgets the key; a removed element's blur has no target.
        const next = e.relatedTarget;
        if (next && !box.current?.contains(next)) focusKey.current = null;
      }}
    >
      {Loaded ? <Loaded {...props} /> : fallback}
    </span>
  );
}
