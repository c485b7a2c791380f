// The toasts themselves: loaded with the first toast (Toaster.tsx), not with every page.
import { useEffect, useRef, useState } from "react";
import { dismissToast, TOAST_LIFETIME_MS, type Toast } from "#app/lib/toast.ts";
import { X } from "./icons.tsx";

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const left = useRef(TOAST_LIFETIME_MS);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), left.current);
    return () => {
      window.clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused, toast.id]);

  return (
    <li className="pointer-events-auto w-full">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer */}
      <div
        role={toast.kind === "error" ? "alert" : "status"}
        aria-atomic="true"
        data-kind={toast.kind}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        className="toast-box"
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-0.5 text-sm opacity-90">{toast.description}</p> : null}
        </div>
        <button
          type="button"
          onClick={() => dismissToast(toast.id)}
          aria-label="Close notification"
          className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}

/** The toasts on screen, newest last. */
export function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <ol className="flex w-full max-w-sm flex-col gap-2 sm:w-96">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </ol>
  );
}
