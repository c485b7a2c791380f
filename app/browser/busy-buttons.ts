/**
 * A form posted the plain way (a full page load follows) says so while it goes: its submit button,
 * when it carries `data-busy-label`, shows that label and cannot be pressed twice. Set after the
 * submit event has run its course, so a handler that cancels it leaves the button as it was.
 */
export function wireBusyButtons(doc: Document = document): void {
  doc.addEventListener("submit", (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement)) return;
    setTimeout(() => {
      if (e.defaultPrevented) return;
      for (const button of form.querySelectorAll<HTMLButtonElement>("button[data-busy-label]")) {
        button.textContent = button.dataset.busyLabel ?? "";
        button.disabled = true;
      }
    });
  });
}
