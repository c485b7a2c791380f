/**
 * The featured video's facade: a poster button that costs nothing until pressed, then the
 * privacy-enhanced player (youtube-nocookie.com) in its place. Without script, the "Watch on
 * YouTube" link under it is the way to the video.
 */
export function wireVideoFacades(doc: Document = document): void {
  for (const button of doc.querySelectorAll<HTMLButtonElement>("button[data-video-id]")) {
    button.addEventListener("click", () => {
      const frame = doc.createElement("iframe");
      frame.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(button.dataset.videoId ?? "")}?autoplay=1&rel=0`;
      frame.title = button.dataset.videoTitle ?? "Featured video";
      frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
      frame.allowFullscreen = true;
      frame.className = "absolute inset-0 size-full";
      button.replaceWith(frame);
      frame.focus();
    });
  }
}
