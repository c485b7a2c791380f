import { useRef, useState } from "react";
import { IconTooltip } from "../ui/IconTooltip.tsx";
import { Menu } from "../ui/icons.tsx";
import { LazySwap } from "../ui/LazySwap.tsx";

const loadSheet = () => import("./MobileMenu.sheet.tsx").then((m) => m.MobileMenuSheet);

/**
 * The narrow-screen menu button. The sheet's code (Radix dialog) loads on first interaction;
 * a click before it arrives opens the sheet as soon as it does.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconTooltip label="Open navigation menu">
        <button
          ref={button}
          type="button"
          aria-label="Open navigation menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          data-focus-key="menu"
          onClick={() => setOpen(true)}
          className="inline-flex size-10 items-center justify-center rounded hover:bg-black/5 dark:hover:bg-white/10"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
      </IconTooltip>
      <LazySwap
        load={loadSheet}
        fallback={null}
        props={{ open, onOpenChange: setOpen, returnFocusTo: button }}
      />
    </>
  );
}
