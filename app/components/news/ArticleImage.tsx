import { type IconProps, Svg } from "#app/components/ui/icons.tsx";
import { safeHttpUrl } from "#app/lib/links.ts";

/**
 * A 16:9 article image in a fixed box (no layout shift). A failed image is removed by the page
 * script (app/browser/images.ts), leaving the box; an article
 * without one shows 'No image available'.
 */
export function ArticleImage({
  src,
  priority = false,
  fill = false,
}: {
  src?: string;
  priority?: boolean;
  /** From lg up, grow to the height its grid area gives (cropped), rather than 16:9. */
  fill?: boolean;
}) {
  // Our own sample images are site-relative paths; "//host" would be another site, so not those.
  const url = safeHttpUrl(src) ?? (src?.startsWith("/") && !src.startsWith("//") ? src : undefined);

  return (
    <div
      className={`relative aspect-video w-full overflow-hidden rounded bg-black/5 dark:bg-white/5 ${fill ? "lg:aspect-auto lg:min-h-56 lg:flex-1" : ""}`}
    >
      {url ? (
        <img
          data-hide-on-error
          src={url}
          alt=""
          width={1280}
          height={720}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding={priority ? "sync" : "async"}
          referrerPolicy="no-referrer"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <p className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-muted">
          <ImageOff aria-hidden="true" className="size-6" />
          No image available
        </p>
      )}
    </div>
  );
}

/** Lucide's image-off, here rather than in the frame's icons: only cards use it. */
function ImageOff(props: IconProps) {
  return (
    <Svg {...props}>
      <line x1="2" x2="22" y1="2" y2="22" />
      <path d="M10.41 10.41a2 2 0 1 1-2.83-2.83" />
      <line x1="13.5" x2="6" y1="13.5" y2="21" />
      <line x1="18" x2="21" y1="12" y2="15" />
      <path d="M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.052-.22 1.41-.59" />
      <path d="M21 15V5a2 2 0 0 0-2-2H9" />
    </Svg>
  );
}
