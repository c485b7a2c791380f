import type { ImgHTMLAttributes } from "react";

/**
 * A picture below the first screen, fetched once the page has painted (ADR 0016): its `src` and
 * `srcset` wait in data attributes until the page's start script (app/lib/page-start.ts) moves
 * them, at the moment it fetches the page script; lazy loading applies from then on. Without
 * script the `<noscript>` copy is the picture, and app.css hides the waiting one.
 */
export function LaterImage({
  src,
  srcSet,
  alt,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  return (
    <>
      <img {...rest} alt={alt} data-src={src} data-srcset={srcSet} loading="lazy" decoding="async" />
      <noscript>
        <img {...rest} alt={alt} src={src} srcSet={srcSet} loading="lazy" decoding="async" />
      </noscript>
    </>
  );
}
