import { useEffect, useRef } from "react";

/**
 * The optional ad slot: a reserved fixed-size box, filled by the configured script only after the
 * page is interactive and idle, so it can neither shift the layout nor delay the headlines.
 */
export function AdSlot({ script }: { script: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!script || !box.current) return;
    const target = box.current;
    const load = () => {
      const el = document.createElement("script");
      el.src = script;
      el.async = true;
      target.appendChild(el);
    };
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
    const handle = idle(load);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(handle);
    };
  }, [script]);
  if (!script) return null;
  return (
    <aside
      aria-label="Advertisement"
      className="mx-auto h-[250px] w-[300px] overflow-hidden border border-line"
    >
      <div ref={box} className="size-full" />
    </aside>
  );
}
