import { usePublication } from "#app/components/layout/publication.ts";

/**
 * The home page's welcome toast: its words, for the page script (app/browser/welcome.ts), which
 * shows them one second after the page loads, once per browser session.
 */
export function WelcomeToast() {
  const identity = usePublication();
  return (
    <span
      hidden
      data-welcome-title={`Welcome to ${identity.title}`}
      data-welcome-description="Today's EV, charging and general headlines, gathered from trusted publishers."
    />
  );
}
