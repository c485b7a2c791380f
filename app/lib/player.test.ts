import { describe, expect, it } from "vitest";
import {
  clampVolume,
  DEFAULT_VOLUME,
  initialPlayerState,
  PLAY_FAILED,
  type PlayerAction,
  type PlayerState,
  playerReducer,
  STREAM_UNAVAILABLE,
  sliderValue,
  volumeText,
} from "./player.ts";

const run = (actions: PlayerAction[], from: PlayerState = initialPlayerState) =>
  actions.reduce(playerReducer, from);

describe("the radio player's state", () => {
  it("starts stopped, unmuted, at volume 0.9 with no error", () => {
    expect(initialPlayerState).toEqual({
      playing: false,
      connecting: false,
      muted: false,
      volume: 0.9,
      error: null,
    });
    expect(DEFAULT_VOLUME).toBe(0.9);
  });

  it("goes from stopped to playing only once playback starts", () => {
    const asked = run([{ type: "play-requested" }]);
    expect(asked).toMatchObject({ playing: false, connecting: true });
    expect(run([{ type: "play-started" }], asked)).toMatchObject({ playing: true, connecting: false });
  });

  it("goes from playing to stopped on pause", () => {
    expect(run([{ type: "play-requested" }, { type: "play-started" }, { type: "paused" }])).toMatchObject({
      playing: false,
      connecting: false,
    });
  });

  it("shows the spec's messages for a rejected start and for a stream error", () => {
    expect(run([{ type: "play-requested" }, { type: "play-failed" }])).toMatchObject({
      playing: false,
      connecting: false,
      error: PLAY_FAILED,
    });
    expect(PLAY_FAILED).toBe("Unable to start playback. Please try again.");
    const dropped = run([{ type: "play-started" }, { type: "stream-error" }]);
    expect(dropped).toMatchObject({ playing: false, error: STREAM_UNAVAILABLE });
    expect(run([{ type: "play-requested" }, { type: "stream-error" }])).toMatchObject({
      connecting: false,
      error: STREAM_UNAVAILABLE,
    });
    expect(STREAM_UNAVAILABLE).toBe("Stream temporarily unavailable.");
  });

  it("clears the error on a successful toggle, but not on a failed one or a stray pause", () => {
    const failed = run([{ type: "play-failed" }]);
    expect(run([{ type: "paused" }], failed).error).toBe(PLAY_FAILED);
    expect(run([{ type: "play-requested" }], failed).error).toBe(PLAY_FAILED);
    expect(run([{ type: "play-requested" }, { type: "play-started" }], failed).error).toBeNull();
  });

  it("ignores a stream error while stopped (a paused player's idle connection closing)", () => {
    const paused = run([{ type: "play-started" }, { type: "paused" }]);
    expect(run([{ type: "stream-error" }], paused)).toBe(paused);
  });

  it("toggles mute and keeps the volume, showing 0 on the slider while muted", () => {
    const muted = run([{ type: "toggle-mute" }]);
    expect(muted).toMatchObject({ muted: true, volume: 0.9 });
    expect(sliderValue(muted)).toBe(0);
    expect(volumeText(muted)).toBe("Muted");
    const unmuted = run([{ type: "toggle-mute" }], muted);
    expect(sliderValue(unmuted)).toBe(0.9);
    expect(volumeText(unmuted)).toBe("90%");
  });

  it("unmutes when the slider moves above zero while muted", () => {
    const muted = run([{ type: "toggle-mute" }]);
    expect(run([{ type: "volume-changed", volume: 0.01 }], muted)).toMatchObject({
      muted: false,
      volume: 0.01,
    });
    // Moving it to 0 changes nothing: still muted, and unmuting brings back 0.9.
    expect(run([{ type: "volume-changed", volume: 0 }], muted)).toBe(muted);
  });

  it("sets the volume without touching mute when unmuted, down to 0", () => {
    expect(run([{ type: "volume-changed", volume: 0.42 }])).toMatchObject({ volume: 0.42, muted: false });
    expect(run([{ type: "volume-changed", volume: 0 }])).toMatchObject({ volume: 0, muted: false });
    expect(run([{ type: "volume-changed", volume: Number.NaN }])).toBe(initialPlayerState);
  });
});

describe("clampVolume", () => {
  it("clamps to 0..1 and rounds to the 0.01 step", () => {
    expect(clampVolume(-0.5)).toBe(0);
    expect(clampVolume(1.7)).toBe(1);
    expect(clampVolume(0.1 + 0.2)).toBe(0.3);
    expect(clampVolume(0.456)).toBe(0.46);
    expect(clampVolume(Number.POSITIVE_INFINITY)).toBe(1);
    expect(clampVolume(Number.NaN)).toBe(0);
  });
});
