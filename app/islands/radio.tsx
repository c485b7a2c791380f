import { useCallback, useState } from "react";
import { type OffAir, RadioPlayer } from "#app/components/radio/RadioPlayer.tsx";

/** The station's state as the server found it (server/radio/status.server.ts). */
export type StreamStatus = "on-air" | OffAir;

/**
 * The /radio player card: title, live badge and player, an island because the
 * badge follows the player: a stream that plays is on air, whatever the server found when the
 * page was made.
 */
export default function RadioStation({ stream, album }: { stream: StreamStatus; album?: string }) {
  const [heard, setHeard] = useState(false);
  const onPlaying = useCallback(() => setHeard(true), []);
  const offAir = !heard && stream !== "on-air" ? stream : undefined;
  return (
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
      <RadioPlayer offAir={offAir} onPlaying={onPlaying} album={album} />
    </section>
  );
}
