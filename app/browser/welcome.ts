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
  let seen = false;
  try {
    seen = sessionStorage.getItem(KEY) === "1";
  } catch {
    // Storage can be blocked; then the toast simply shows each visit.
  }
  if (seen) return;
  const start = () =>
    setTimeout(() => {
      notify.message(data.dataset.welcomeTitle ?? "", { description: data.dataset.welcomeDescription });
      try {
        sessionStorage.setItem(KEY, "1");
      } catch {}
    }, WELCOME_DELAY_MS);
  if ((doc as Document & { prerendering?: boolean }).prerendering)
    doc.addEventListener("prerenderingchange", start, { once: true });
  else start();
}
