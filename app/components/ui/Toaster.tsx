/**
 * The page's notification area; announced politely, errors assertively. The server sends it
 * empty and the page script (app/browser/toasts.ts) fills it. It sits just below the header (the
 * right-hand side of the content column on wide screens), over the ticker rather than the lead
 * story, and once the reader has scrolled past the header it stays at the top of the screen.
 * Below the mobile menu's overlay (z-40), so an open menu is never covered. The area has no height
 * (the toasts hang from it), so a toast moves nothing (no layout shift).
 */
export function Toaster() {
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none sticky top-0 z-30 h-0"
    >
      <div className="mx-auto flex max-w-7xl justify-center px-3 pt-3 sm:justify-end sm:px-6">
        <ol data-toasts className="flex w-full max-w-sm flex-col gap-2 sm:w-96" />
      </div>
    </section>
  );
}
