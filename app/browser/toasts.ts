import { dismissToast, subscribeToasts, TOAST_LIFETIME_MS, type Toast } from "#app/lib/toast.ts";

/**
 * Renders the toast store (app/lib/toast.ts; the page script and islands post to the same module)
 * into the page's Notifications region, which the server sends empty: a live region from the
 * first paint, which screen readers announce additions to more reliably than a status element
 * that appears on its own. Each toast stays 4 s, paused while hovered or focused, and has a close
 * button.
 */
const SVG_NS = "http://www.w3.org/2000/svg";

function closeIcon(doc: Document): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, "svg");
  for (const [k, v] of Object.entries({
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    "aria-hidden": "true",
    focusable: "false",
    class: "size-4",
  }))
    svg.setAttribute(k, v);
  for (const d of ["M18 6 6 18", "m6 6 12 12"]) {
    const path = doc.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

function toastElement(doc: Document, toast: Toast): HTMLLIElement {
  const li = doc.createElement("li");
  li.className = "pointer-events-auto w-full";
  li.dataset.toastId = String(toast.id);
  const box = doc.createElement("div");
  box.setAttribute("role", toast.kind === "error" ? "alert" : "status");
  box.setAttribute("aria-atomic", "true");
  box.dataset.kind = toast.kind;
  box.className = "toast-box";
  const text = doc.createElement("div");
  text.className = "min-w-0 flex-1";
  const title = doc.createElement("p");
  title.className = "font-semibold";
  title.textContent = toast.title;
  text.append(title);
  if (toast.description) {
    const description = doc.createElement("p");
    description.className = "mt-0.5 text-sm opacity-90";
    description.textContent = toast.description;
    text.append(description);
  }
  const close = doc.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Close notification");
  close.className = "-m-1 rounded p-1 opacity-70 hover:opacity-100";
  close.append(closeIcon(doc));
  close.addEventListener("click", () => dismissToast(toast.id));
  box.append(text, close);
  li.append(box);

  // The lifetime counts only while the toast is neither hovered nor focused.
  let left = TOAST_LIFETIME_MS;
  let started = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    started = Date.now();
    timer = setTimeout(() => dismissToast(toast.id), left);
  };
  const pause = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    left -= Date.now() - started;
  };
  box.addEventListener("mouseenter", pause);
  box.addEventListener("mouseleave", run);
  box.addEventListener("focusin", pause);
  box.addEventListener("focusout", run);
  run();
  return li;
}

/** Starts rendering; returns the way to stop (for tests: a page renders for its whole life). */
export function showToasts(doc: Document = document): () => void {
  const list = doc.querySelector<HTMLOListElement>("ol[data-toasts]");
  if (!list) return () => {};
  return subscribeToasts((toasts) => {
    const ids = new Set(toasts.map((t) => String(t.id)));
    for (const li of list.querySelectorAll<HTMLLIElement>("li[data-toast-id]"))
      if (!ids.has(li.dataset.toastId ?? "")) li.remove();
    const shown = new Set([...list.children].map((li) => (li as HTMLElement).dataset.toastId));
    for (const toast of toasts) if (!shown.has(String(toast.id))) list.append(toastElement(doc, toast));
  });
}
