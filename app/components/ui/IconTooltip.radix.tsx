import { Tooltip } from "radix-ui";
import type { ReactElement } from "react";

/** Radix tooltip with the spec's timings: 700 ms delay, 300 ms skip delay. */
export function RadixIconTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="z-50 rounded bg-ink px-2 py-1 text-xs text-white shadow dark:bg-white dark:text-ink"
          >
            {label}
            <Tooltip.Arrow className="fill-ink dark:fill-white" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
