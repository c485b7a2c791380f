import { safeHttpUrl, siteName } from "#app/lib/links.ts";
import { OutLink } from "./OutLink.tsx";

/**
 * The events wall, with a link to the same events on their own site above it: the wall's site may
 * refuse to be framed, or be blocked or down, and a grey box alone would be a dead end.
 */
export function EventsWall({ url, title }: { url: string; title: string }) {
  const href = safeHttpUrl(url);
  if (!href) return null;
  const host = siteName(href);
  return (
    <div className="space-y-4">
      <p className="text-muted">
        These events are listed on {host}. If the list below does not appear,{" "}
        <OutLink href={href}>see the events on {host}</OutLink>.
      </p>
      <div className="aspect-[3/4] w-full overflow-hidden rounded border border-line sm:aspect-video">
        <iframe src={href} title={title} loading="lazy" className="size-full" />
      </div>
    </div>
  );
}
