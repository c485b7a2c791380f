import type { ReactElement } from "react";
import { lateModule, SwapOnInteraction } from "./late.tsx";

const tooltip = lateModule(() => import("./IconTooltip.radix.tsx").then((m) => m.RadixIconTooltip));

/**
 * A tooltip for an icon-only control, which keeps its own accessible name. The tooltip code
 * loads on the reader's first interaction; give the child a `data-focus-key` to keep its focus.
 */
export function IconTooltip({ label, children }: { label: string; children: ReactElement }) {
  return <SwapOnInteraction late={tooltip} fallback={children} props={{ label, children }} />;
}
