import { notify } from "#app/lib/toast.ts";

const KEY = "welcome-toast-shown";
export const WELCOME_DELAY_MS = 1000;

/**
 * The home page's welcome toast, one second after the page is shown, once per browser session.
 * A page prerendered on a hover is not shown yet: its second starts when the reader arrives.
 */
export function welcomeOnce(doc: Document = document): void {
  const data = doc.querySelector<HTMLElement>("[data-welcome-title]");
  if (!data) return;
  // Read when the toast would start and again when it shows: a prerendered page is shown later,
  // with the session's storage as it is then.
  const seen = () => {
    try {
      return sessionStorage.getItem(KEY) === "1";
    } catch {
      // Storage can be blocked; then the toast simply shows each visit.
      return false;
    }
  };
  const start = () => {
    if (seen()) return;
    setTimeout(() => {
      if (seen()) return;
      notify.message(data.dataset.welcomeTitle ?? "", { description: data.dataset.welcomeDescription });
      try {
        sessionStorage.setItem(KEY, "1");
      } catch {}
    }, WELCOME_DELAY_MS);
  };
  if ((doc as Document & { prerendering?: boolean }).prerendering)
    doc.addEventListener("prerenderingchange", start, { once: true });
  else start();
}
