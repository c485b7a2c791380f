import { useCallback, useEffect, useReducer, useRef } from "react";
import { Play } from "#app/components/ui/icons.tsx";
import { initialPlayerState, playerReducer, sliderValue, volumeText } from "#app/lib/player.ts";
import { radio } from "#content/site.ts";
import { CircleAlert, LoaderCircle, Pause, Volume2, VolumeX } from "./icons.tsx";
import { VolumeSlider } from "./VolumeSlider.tsx";

/** The proxied stream (spec section 7): same origin, so the CSP's media-src 'self' covers it. */
export const STREAM_SRC = `/api/stream?port=${radio.streamPort}`;

const MEDIA_ACTIONS = ["play", "pause", "stop"] as const;

/** What the page says before Play when the server found nothing to play. */
export const OFF_AIR_NOTICES = {
  "not-configured": "No radio stream is set up on this site yet, so there is nothing to play right now.",
  unreachable: "The station cannot be reached right now. Press play to try again, or come back later.",
} as const;

export type OffAir = keyof typeof OFF_AIR_NOTICES;

/**
 * Play/pause, mute and volume for the live stream (in the /radio island, RadioStation.tsx). The audio element is the source of truth for
 * what actually happens; its events and the play() promise drive the reducer in lib/player.ts.
 */
export function RadioPlayer({
  offAir,
  onPlaying,
  album = "",
}: {
  offAir?: OffAir;
  onPlaying?: () => void;
  /** The publication's name, shown beside the station on lock screens. */
  album?: string;
} = {}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const started = useRef(false);
  const active = state.playing || state.connecting;

  const play = useCallback(async () => {
    const el = audio.current;
    if (!el) return;
    dispatch({ type: "play-requested" });
    // Reloading joins the stream at the live edge after a pause, and is the only way to retry a
    // source that failed (play() alone rejects at once).
    if (started.current || el.error) el.load();
    started.current = true;
    try {
      await el.play();
      dispatch({ type: "play-started" });
    } catch (error) {
      // A pause or a reload interrupted this start: not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      dispatch({ type: el.error ? "stream-error" : "play-failed" });
    }
  }, []);

  const pause = useCallback(() => {
    audio.current?.pause();
    dispatch({ type: "paused" });
  }, []);

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    el.volume = state.volume;
    el.muted = state.muted;
  }, [state.volume, state.muted]);

  // Lock-screen, notification and headset controls.
  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    const session = navigator.mediaSession;
    try {
      session.metadata = new MediaMetadata({
        title: radio.title,
        artist: radio.stationName,
        album,
        artwork: [{ ...radio.artwork }],
      });
    } catch {
      // Some browsers have the session but not the metadata constructor.
    }
    const handlers = { play: () => void play(), pause, stop: pause };
    for (const action of MEDIA_ACTIONS) {
      try {
        session.setActionHandler(action, handlers[action]);
      } catch {
        // An action this browser does not support.
      }
    }
    return () => {
      session.metadata = null;
      for (const action of MEDIA_ACTIONS) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
    };
  }, [play, pause, album]);

  useEffect(() => {
    if (state.playing) onPlaying?.();
  }, [state.playing, onPlaying]);

  useEffect(() => {
    if ("mediaSession" in navigator)
      navigator.mediaSession.playbackState = state.playing ? "playing" : "paused";
  }, [state.playing]);

  const status = state.connecting
    ? "Connecting to the live stream…"
    : state.playing
      ? "Playing live"
      : "Not playing";

  return (
    <div
      className="mt-6"
      data-state={state.playing ? "playing" : state.connecting ? "connecting" : "stopped"}
    >
      <div className="flex flex-wrap items-center gap-x-6 gap-y-4">
        <div className="flex items-center gap-4">
          <button
            type="button"
            onClick={() => (active ? pause() : void play())}
            aria-label={active ? "Pause" : "Play"}
            className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-accent text-white shadow-sm transition-colors hover:bg-accent-strong"
          >
            {state.connecting ? (
              <LoaderCircle aria-hidden="true" className="size-7 animate-spin motion-reduce:animate-none" />
            ) : state.playing ? (
              <Pause aria-hidden="true" className="size-7" fill="currentColor" />
            ) : (
              <Play aria-hidden="true" className="ml-1 size-7" fill="currentColor" />
            )}
          </button>
          <p role="status" className="min-w-44 text-sm font-medium text-muted">
            {status}
          </p>
        </div>

        <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
          <button
            type="button"
            onClick={() => dispatch({ type: "toggle-mute" })}
            aria-label="Mute"
            aria-pressed={state.muted}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-line hover:bg-black/5 aria-pressed:border-[var(--link)] aria-pressed:text-[var(--link)] dark:hover:bg-white/10"
          >
            {state.muted ? (
              <VolumeX aria-hidden="true" className="size-5" />
            ) : (
              <Volume2 aria-hidden="true" className="size-5" />
            )}
          </button>
          <div className="min-w-0 flex-1">
            <VolumeSlider
              value={sliderValue(state)}
              valueText={volumeText(state)}
              onValueChange={(volume) => dispatch({ type: "volume-changed", volume })}
            />
          </div>
          <span aria-hidden="true" className="w-12 text-right text-sm tabular-nums text-muted">
            {volumeText(state)}
          </span>
        </div>
      </div>

      {offAir && !state.error ? (
        <p
          data-off-air={offAir}
          className="mt-4 flex items-center gap-2 rounded border border-line px-3 py-2 font-medium"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-muted" />
          {OFF_AIR_NOTICES[offAir]}
        </p>
      ) : null}

      <div role="alert" className="not-empty:mt-4">
        {state.error ? (
          <p className="flex items-center gap-2 rounded border border-red-700/30 bg-red-50 px-3 py-2 font-medium text-red-700 dark:border-red-400/40 dark:bg-red-950/40 dark:text-red-300">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            {state.error}
          </p>
        ) : null}
      </div>

      {/* biome-ignore lint/a11y/useMediaCaption: a live radio stream has no captions track to offer */}
      <audio
        ref={audio}
        src={STREAM_SRC}
        preload="none"
        crossOrigin="anonymous"
        onPlaying={() => dispatch({ type: "play-started" })}
        onPause={() => dispatch({ type: "paused" })}
        onError={() => dispatch({ type: "stream-error" })}
        // A live stream never ends on its own: the station went away.
        onEnded={() => dispatch({ type: "stream-error" })}
      />
    </div>
  );
}
