import { notify } from "#app/lib/toast.ts";
import type { NewsletterResult } from "#domain/newsletter.ts";

const isResult = (value: unknown): value is NewsletterResult =>
  typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean";

/**
 * The newsletter form. Without script it is a plain POST, and the page comes back with the result
 * under the form. With script it goes to /api/newsletter (the same handler, as JSON) and the
 * answer is shown in place, in the two result lines the server always renders: the form, and the
 * reader's focus, stay where they are. A sign-up is confirmed with a toast too; an error puts
 * focus in the field.
 */
export function wireNewsletter(doc: Document = document): void {
  const block = doc.getElementById("newsletter");
  const form = block?.querySelector<HTMLFormElement>("form[data-api]");
  const input = form?.querySelector<HTMLInputElement>("input[type=email]");
  const error = block?.querySelector<HTMLElement>("[data-newsletter-error]");
  const status = block?.querySelector<HTMLElement>("[data-newsletter-status]");
  const button = form?.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!form || !input || !error || !status || !button) return;
  const label = button.textContent ?? "";
  let busy = false;

  const show = (result: NewsletterResult) => {
    if (result.ok) {
      error.hidden = true;
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      status.textContent = result.message;
      status.hidden = false;
      form.reset();
      notify.success("Check your inbox", { description: result.message });
    } else {
      status.hidden = true;
      error.textContent = result.error;
      error.hidden = false;
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", error.id);
      input.focus();
    }
  };

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (busy) return;
    busy = true;
    button.disabled = true;
    button.textContent = "Subscribing…";
    let result: unknown;
    try {
      const response = await fetch(form.dataset.api ?? "", {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
      });
      result = await response.json().catch(() => undefined);
    } catch {
      // No answer at all (offline): nothing reached the newsroom; the plain post says what happens.
    } finally {
      busy = false;
      button.disabled = false;
      button.textContent = label;
    }
    if (isResult(result)) show(result);
    else form.submit();
  });
}
