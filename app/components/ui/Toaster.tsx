import { Suspense, useEffect, useState } from "react";
import { subscribeToasts, type Toast } from "#app/lib/toast.ts";
import { lateModule, whenShown } from "./late.tsx";

// The toasts' own code loads with the first toast: most page views show none (the welcome toast
// comes a second after the first home page of a visit), and every page's script counts.
// If that code cannot load (offline, a deploy under way), the toasts still show, as plain text.
const ToastList = whenShown(
  lateModule(() => import("./ToastList.tsx").then((m) => m.ToastList)),
  PlainToasts,
);

function PlainToasts({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <ol className="w-full max-w-sm sm:w-96">
      {toasts.map((t) => (
        <li
          key={t.id}
          role={t.kind === "error" ? "alert" : "status"}
          className="toast-box"
          data-kind={t.kind}
        >
          {t.description ? `${t.title}: ${t.description}` : t.title}
        </li>
      ))}
    </ol>
  );
}

/**
 * The page's notification area; announced politely, errors assertively. It sits just below the
 * header (the right-hand side of the content column on wide screens), over the ticker rather than
 * the lead story: at the bottom of a phone's first screen is the lead headline, and of a laptop's
 * the lead's excerpt and date, and the header and navigation are above. Once the reader has
 * scrolled past the header it stays at the top of the screen. Below the mobile menu's overlay
 * (z-40), so an open menu is never covered either. The area has no height (the toasts hang from
 * it), so a toast moves nothing (no layout shift). A live region from the first render: screen
 * readers announce what is added to a region they already watch more reliably than a status
 * element that appears on its own.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none sticky top-0 z-30 h-0"
    >
      <div className="mx-auto flex max-w-7xl justify-center px-3 pt-3 sm:justify-end sm:px-6">
        {toasts.length > 0 ? (
          <Suspense fallback={null}>
            <ToastList toasts={toasts} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
