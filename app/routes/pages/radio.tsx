import { Info, RadioWaves } from "#app/components/radio/icons.tsx";
import { Island } from "#app/components/ui/Island.tsx";
import RadioStation from "#app/islands/radio.tsx";
import { publicationFrom, seo } from "#app/lib/seo.ts";
import { radio } from "#content/site.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext, servicesContext } from "#server/http/request-context.server.ts";
import type { Route } from "./+types/radio";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Live Radio",
    description: `Listen to ${radio.stationName}, the 24/7 live stream from ${publicationFrom(args.matches).title}.`,
  });

/** The station's state, so the page says before Play when there is nothing to play. */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    stream: await context.get(servicesContext).radio.status(radio.streamPort),
    publication: context.get(publicationContext).identity.title,
  };
}

// Short: the page carries the station's state, which the server checks every 30 s.
export function headers() {
  return { "Cache-Control": CACHE.live };
}

export default function RadioPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl">
      <Island
        name="radio"
        component={RadioStation}
        props={{ stream: loaderData.stream, album: loaderData.publication }}
        load="load"
      />

      <section aria-labelledby="now-playing-title" className="mt-8 border-t border-line pt-6">
        <h2 id="now-playing-title" className="font-serif text-2xl font-bold">
          Now Playing
        </h2>
        <div className="mt-3 flex items-start gap-3">
          <RadioWaves aria-hidden="true" className="mt-1 size-5 shrink-0 text-[var(--link)]" />
          <p>
            <strong>{radio.stationName}</strong>: live programming comes straight from the station stream,
            around the clock.
          </p>
        </div>
      </section>

      <aside
        aria-label="Listening tip"
        className="mt-8 flex items-start gap-3 rounded-lg border border-line bg-surface p-4 text-sm"
      >
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        <p>
          <strong>Tip:</strong> if the audio does not start, click play. Some browsers block autoplay with
          sound until you interact with the page.
        </p>
      </aside>
    </div>
  );
}
