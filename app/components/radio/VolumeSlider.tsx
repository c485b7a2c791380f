import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from "#app/lib/player.ts";
import { lateModule, SwapOnInteraction } from "../ui/late.tsx";
import { SLIDER_LABEL, type VolumeSliderProps } from "./VolumeSlider.parts.ts";

const slider = lateModule(() => import("./VolumeSlider.radix.tsx").then((m) => m.RadixVolumeSlider));

/**
 * The volume slider (min 0, max 1, step 0.01). It renders as a native range input, which already
 * has the slider role and Home/End/arrow keys, and becomes Radix's slider on the reader's first
 * interaction, keeping the route's script small. Both have the same size, so nothing moves.
 */
export function VolumeSlider(props: VolumeSliderProps) {
  const fallback = (
    <input
      type="range"
      min={VOLUME_MIN}
      max={VOLUME_MAX}
      step={VOLUME_STEP}
      value={props.value}
      onChange={(e) => props.onValueChange(Number(e.currentTarget.value))}
      aria-label={SLIDER_LABEL}
      aria-valuetext={props.valueText}
      data-focus-key="volume"
      className="h-6 w-full cursor-pointer accent-[var(--link)]"
    />
  );
  return <SwapOnInteraction late={slider} fallback={fallback} props={props} />;
}
