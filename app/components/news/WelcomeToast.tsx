import { useEffect } from "react";
import { notify } from "#app/lib/toast.ts";
import { identity } from "#content/identity.ts";

const KEY = "welcome-toast-shown";
export const WELCOME_DELAY_MS = 1000;

/** A welcome toast one second after the home page loads, once per browser session. */
export function WelcomeToast() {
  useEffect(() => {
    let seen = false;
    try {
      seen = sessionStorage.getItem(KEY) === "1";
    } catch {
      // Storage can be blocked; then the toast simply shows each visit.
    }
    if (seen) return;
    const timer = window.setTimeout(() => {
      notify.message(`Welcome to ${identity.title}`, {
        description: "Today's EV, charging and general headlines, gathered from trusted publishers.",
      });
      try {
        sessionStorage.setItem(KEY, "1");
      } catch {}
    }, WELCOME_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
