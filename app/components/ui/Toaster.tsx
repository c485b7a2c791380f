import { lazy, Suspense, useEffect, useState } from "react";
import { subscribeToasts, type Toast } from "../../lib/toast.ts";

// The toasts' own code loads with the first toast: most page views show none (the welcome toast
// comes a second after the first home page of a visit), and every page's script counts.
// If that code cannot load (offline, a deploy under way), the toasts still show, as plain text.
const ToastList = lazy(() =>
  import("./ToastList.tsx").then(
    (m) => ({ default: m.ToastList }),
    () => ({ default: PlainToasts }),
  ),
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
 * The page's notification area; announced politely, errors assertively. It sits at the bottom
 * (the right-hand corner on wide screens), where no navigation is: the top bar, masthead and
 * section links are all at the top, and nothing is fixed at the bottom. Below the mobile menu's
 * overlay (z-40), so an open menu is never covered either. Padded only while it holds a toast:
 * an empty area has no height, so the first toast does not move it (no layout shift). A live
 * region from the first render: screen readers announce what is added to a region they already
 * watch more reliably than a status element that appears on its own.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex justify-center has-[li]:p-3 sm:left-auto sm:has-[li]:p-4"
    >
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} />
        </Suspense>
      ) : null}
    </section>
  );
}
