import { cloneElement, type ReactElement, useId } from "react";

/**
 * A tooltip for an icon-only control, which keeps its own accessible name. The tooltip is sent
 * hidden, under the control's right edge (the menu button sits at the screen's); the page script (app/browser/tooltips.ts) shows it with the spec's timings (700 ms
 * delay, 300 ms skip delay). The child must take `aria-describedby` (a button or link element).
 */
export function IconTooltip({ label, children }: { label: string; children: ReactElement }) {
  const id = useId();
  return (
    <span data-tooltip className="relative inline-flex">
      {cloneElement(children as ReactElement<{ "aria-describedby"?: string }>, { "aria-describedby": id })}
      <span
        role="tooltip"
        id={id}
        hidden
        className="absolute right-0 top-full z-50 mt-1.5 whitespace-nowrap rounded bg-ink px-2 py-1 text-xs text-white shadow dark:bg-white dark:text-ink"
      >
        {label}
      </span>
    </span>
  );
}
