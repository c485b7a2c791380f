/**
 * Images that fail to load. A publisher's article image (`data-hide-on-error`) is removed, leaving
 * its box's plain background; a book cover (`data-fallback-src`) swaps once to the local
 * placeholder, and never loops. An image can fail before this script runs, so those already
 * broken are handled too.
 */
const broken = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0 && img.currentSrc !== "";

function failed(img: HTMLImageElement) {
  const fallback = img.dataset.fallbackSrc;
  if (fallback && img.dataset.failed === undefined) {
    img.dataset.failed = "true";
    // A srcset would outrank the new src: the placeholder is one file for every width.
    img.removeAttribute("srcset");
    img.removeAttribute("sizes");
    img.src = fallback;
  } else if (img.hasAttribute("data-hide-on-error")) img.remove();
}

export function handleBrokenImages(doc: Document = document): void {
  doc.addEventListener("error", (e) => e.target instanceof HTMLImageElement && failed(e.target), true);
  for (const img of doc.querySelectorAll<HTMLImageElement>("img[data-hide-on-error], img[data-fallback-src]"))
    if (broken(img)) failed(img);
}
