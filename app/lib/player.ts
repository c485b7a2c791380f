/**
 * The radio player's state (spec sections 3 and 4) as a pure reducer, so every transition is
 * tested without a browser. The component only turns media events and clicks into actions.
 */
export const DEFAULT_VOLUME = 0.9;
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.01;

export const PLAY_FAILED = "Unable to start playback. Please try again.";
export const STREAM_UNAVAILABLE = "Stream temporarily unavailable.";

export type PlayerState = {
  playing: boolean;
  /** A play was asked for and the stream has not started yet (not in the spec's entity: UI only). */
  connecting: boolean;
  muted: boolean;
  /** 0 to 1; kept while muted, so unmuting restores it. */
  volume: number;
  error: string | null;
};

export type PlayerAction =
  | { type: "play-requested" }
  | { type: "play-started" }
  | { type: "play-failed" }
  | { type: "paused" }
  | { type: "stream-error" }
  | { type: "toggle-mute" }
  | { type: "volume-changed"; volume: number };

export const initialPlayerState: PlayerState = {
  playing: false,
  connecting: false,
  muted: false,
  volume: DEFAULT_VOLUME,
  error: null,
};

/** Clamps to [0, 1] and rounds to the slider's step (0.1 + 0.2 must read as 0.3). */
export function clampVolume(value: number): number {
  if (Number.isNaN(value)) return VOLUME_MIN;
  const clamped = Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, value));
  return Math.round(clamped / VOLUME_STEP) / Math.round(1 / VOLUME_STEP);
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case "play-requested":
      return { ...state, connecting: true };
    case "play-started":
      // A successful toggle clears any earlier error.
      return { ...state, playing: true, connecting: false, error: null };
    case "play-failed":
      return { ...state, playing: false, connecting: false, error: PLAY_FAILED };
    case "paused":
      return { ...state, playing: false, connecting: false, error: state.playing ? null : state.error };
    case "stream-error":
      // A stopped player drops its idle connection quietly: the next play reconnects anyway.
      if (!state.playing && !state.connecting) return state;
      return { ...state, playing: false, connecting: false, error: STREAM_UNAVAILABLE };
    case "toggle-mute":
      return { ...state, muted: !state.muted };
    case "volume-changed": {
      if (Number.isNaN(action.volume)) return state;
      const volume = clampVolume(action.volume);
      // The muted slider already shows 0; keep the old volume for unmuting.
      if (state.muted && volume === 0) return state;
      // Moving the slider above zero while muted unmutes (spec section 4).
      return { ...state, volume, muted: false };
    }
  }
}

/** What the slider shows: 0 while muted (spec section 4). */
export function sliderValue(state: Pick<PlayerState, "muted" | "volume">): number {
  return state.muted ? 0 : state.volume;
}

/** The slider's spoken value. */
export function volumeText(state: Pick<PlayerState, "muted" | "volume">): string {
  return state.muted ? "Muted" : `${Math.round(state.volume * 100)}%`;
}
