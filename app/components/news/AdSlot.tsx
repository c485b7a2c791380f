/**
 * The optional ad slot: a reserved fixed-size box, filled by the configured script only once the
 * page is idle (app/browser/ads.ts), so it can neither shift the layout nor delay the headlines.
 */
export function AdSlot({ script }: { script: string | null }) {
  if (!script) return null;
  return (
    <aside
      aria-label="Advertisement"
      className="mx-auto h-[250px] w-[300px] overflow-hidden border border-line"
    >
      <div data-ad-script={script} className="size-full" />
    </aside>
  );
}
