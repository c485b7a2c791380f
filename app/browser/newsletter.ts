import { notify } from "#app/lib/toast.ts";

/**
 * The newsletter form. Without script it is a plain POST, and the page comes back with the result
 * under the form. With script it posts in place: the same request, whose answer (the page the
 * server would have shown) gives the block's new content; a sign-up is confirmed with a toast
 * too, and an error puts focus back in the field. One server path for both.
 */
export function wireNewsletter(doc: Document = document): void {
  const block = doc.getElementById("newsletter");
  if (!block) return;
  block.addEventListener("submit", async (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement)) return;
    e.preventDefault();
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const label = button?.textContent ?? "";
    if (button) {
      button.disabled = true;
      button.textContent = "Subscribing…";
    }
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
      });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const next = page.getElementById("newsletter");
      if (!next) throw new Error("no newsletter block in the answer");
      block.replaceChildren(...[...next.childNodes].map((n) => doc.importNode(n, true)));
      const status = block.querySelector("[role=status]");
      if (status) {
        notify.success("Check your inbox", { description: status.textContent ?? undefined });
        block.querySelector("form")?.reset();
      } else block.querySelector<HTMLInputElement>("input[type=email]")?.focus();
    } catch {
      // Offline or a failed answer: the same form, posted the plain way, shows the outcome.
      if (button) {
        button.disabled = false;
        button.textContent = label;
      }
      form.submit();
    }
  });
}
