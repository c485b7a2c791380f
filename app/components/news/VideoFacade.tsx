import { Play } from "#app/components/ui/icons.tsx";
import { OutLink } from "./OutLink.tsx";

/** The video on its own site: the way out when the player is blocked or fails to load. */
export function videoPageUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
}

/**
 * The featured video as a light facade: a poster and a play button that cost nothing until
 * clicked, then the privacy-enhanced player (youtube-nocookie.com) in a 16:9 frame (the page
 * script swaps it in: app/browser/video.ts). A link to the
 * video on YouTube stays under it, before and after play, for when the player cannot be shown.
 */
export function VideoFacade({ id, title }: { id: string; title?: string }) {
  const label = title ?? "Featured video";
  return (
    <div>
      <div className="relative aspect-video w-full overflow-hidden rounded bg-[#0e1726]">
        <button
          type="button"
          data-video-id={id}
          data-video-title={label}
          className="group absolute inset-0 flex flex-col items-center justify-center gap-4 bg-gradient-to-br from-[#1f2a44] via-[#0e1726] to-[#0b6b4f] p-6 text-white"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-red-600 shadow-lg transition-transform group-hover:scale-110">
            <Play aria-hidden="true" className="ml-1 size-8 fill-white" />
          </span>
          <span className="max-w-md text-center font-serif text-lg font-bold sm:text-xl">{label}</span>
          <span className="sr-only">Play video</span>
        </button>
      </div>
      <p className="mt-2 text-sm">
        <OutLink href={videoPageUrl(id)}>Watch on YouTube</OutLink>
      </p>
    </div>
  );
}
