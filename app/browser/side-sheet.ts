/**
 * The narrow screens' side sheet, a native modal <dialog> its button opens by invoker command
 * (without this script too). This adds: opening it where invoker commands are missing (before
 * Safari 26.2, Firefox 144); focus on the sheet itself when it opens (so the first Tab reaches the
 * close button) and back on the button when it closes; Tab kept inside; and closing it when a link
 * is followed or a search sent (so Back, from the browser's cache, shows the page, not the sheet).
 */
const SHEET_ID = "nav-sheet";

export function wireSideSheet(doc: Document = document): void {
  const sheet = doc.getElementById(SHEET_ID);
  const button = doc.querySelector<HTMLButtonElement>(`[commandfor=${SHEET_ID}]`);
  if (!(sheet instanceof HTMLDialogElement) || !button) return;

  if (!("command" in HTMLButtonElement.prototype)) button.addEventListener("click", () => sheet.showModal());

  sheet.addEventListener("toggle", (e) => {
    if ((e as ToggleEvent).newState === "open") sheet.focus();
    else if (!doc.activeElement || doc.activeElement === doc.body || sheet.contains(doc.activeElement))
      button.focus();
  });

  sheet.addEventListener("keydown", (e) => {
    if (e.key !== "Tab") return;
    const controls = sheet.querySelectorAll<HTMLElement>("a[href], button, input");
    const first = controls[0];
    const last = controls[controls.length - 1];
    const at = doc.activeElement;
    const to = e.shiftKey ? (at === first || at === sheet ? last : null) : at === last ? first : null;
    if (!to) return;
    e.preventDefault();
    to.focus();
  });

  sheet.addEventListener("click", (e) => {
    // A link opened in a new tab or window leaves the reader here, with the sheet still open.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (e.target instanceof Element && e.target.closest("a[href]")) sheet.close();
  });
  // Only a search's submission closes it: a tap into the search box leaves it open for typing.
  sheet.addEventListener("submit", (e) => {
    if (e.target instanceof Element && e.target.closest("form[role=search]")) sheet.close();
  });
}
