// What the plain button and Radix's menu share: in a module of its own, so neither imports the other.
export const itemClass =
  "inline-flex items-center gap-1 rounded px-3 py-2 text-sm font-medium hover:bg-black/5 dark:hover:bg-white/10 aria-[current=page]:underline aria-[current=page]:underline-offset-4";

export type TopBarProps = {
  openOnMount: boolean;
  /**
   * When (performance.now()) the mouse came onto the plain News Sections button and stayed there:
   * the dropdown opens the spec's delay after that, though the pointer may not move again.
   */
  hoveredSince: number | null;
};
