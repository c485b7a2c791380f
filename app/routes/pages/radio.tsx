import { useState } from "react";
import { Info, RadioWaves } from "#app/components/radio/icons.tsx";
import { RadioPlayer } from "#app/components/radio/RadioPlayer.tsx";
import { seo } from "#app/lib/seo.ts";
import { identity } from "#content/identity.ts";
import { radio } from "#content/site.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { servicesContext } from "#server/http/request-context.server.ts";
import type { Route } from "./+types/radio";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Live Radio",
    description: `Listen to ${radio.stationName}, the 24/7 live stream from ${identity.title}.`,
  });

/** The station's state, so the page says before Play when there is nothing to play. */
export async function loader({ context }: Route.LoaderArgs) {
  return { stream: await context.get(servicesContext).radio.status(radio.streamPort) };
}

// Short: the page carries the station's state, which the server checks every 30 s.
export function headers() {
  return { "Cache-Control": CACHE.live };
}

export default function RadioPage({ loaderData }: Route.ComponentProps) {
  // A stream that plays here is on air, whatever the server found when the page was made.
  const [heard, setHeard] = useState(false);
  const offAir = !heard && loaderData.stream !== "on-air" ? loaderData.stream : undefined;
  return (
    <div className="mx-auto max-w-3xl">
      <section
        aria-labelledby="radio-title"
        className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h1 id="radio-title" className="font-serif text-4xl font-bold leading-tight">
              Live Radio
            </h1>
            <p className="mt-1 text-lg text-muted">24/7 live stream</p>
          </div>
          {offAir ? (
            // Without the live badge's light, and narrow enough to keep "Live Radio" on one line at 375 px.
            <p className="inline-flex shrink-0 items-center rounded-full border border-line px-3 py-1 text-xs font-bold uppercase tracking-wider text-muted">
              Off air
            </p>
          ) : (
            <p className="inline-flex shrink-0 items-center gap-2 rounded-full bg-red-700 px-3 py-1 text-xs font-bold uppercase tracking-widest text-white">
              <span aria-hidden="true" className="size-2 rounded-full bg-white" />
              Live
            </p>
          )}
        </div>
        <RadioPlayer offAir={offAir} onPlaying={() => setHeard(true)} />
      </section>

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
