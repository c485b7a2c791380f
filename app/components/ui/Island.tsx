import type { ComponentType } from "react";

/**
 * When an island's code is asked for: at once ("load", a widget the reader came for), or when the
 * reader nears it ("visible", below the first screen). Until then, and if its code cannot load,
 * the server's HTML is the widget: links and forms work without it.
 */
export type IslandLoad = "load" | "visible";

/**
 * A widget that keeps a framework in the browser, on a page that otherwise ships none (ADR 0014):
 * React renders it here, Preact's React-compatible API hydrates it there (ADR 0016), so an island
 * uses no `useId` (the two would differ), `use` or form actions. The server renders the component into a container; the page script
 * (app/browser/page.ts) finds the container, loads the island's module (app/islands/<name>.tsx,
 * registered in app/browser/islands.ts) and hydrates it with the same props. Props must be JSON:
 * they travel in a data attribute, as text React escapes.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  load = "load",
  className,
  fromHtml = [],
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
  load?: IslandLoad;
  /** On the container; without one it takes no box of its own (display: contents). */
  className?: string;
  /**
   * String props the component also renders as the text of an element marked
   * `data-island-prop="<name>"`: left out of the container's JSON, the browser reads them back
   * from that text (app/browser/island-props.ts) rather than receiving them twice.
   */
  fromHtml?: readonly (keyof P & string)[];
}) {
  const sent = Object.fromEntries(
    Object.entries(props).filter(([key]) => !fromHtml.includes(key as keyof P & string)),
  );
  return (
    <div
      data-island={name}
      data-load={load}
      data-props={JSON.stringify(sent)}
      className={className ?? "contents"}
    >
      <Component {...props} />
    </div>
  );
}
