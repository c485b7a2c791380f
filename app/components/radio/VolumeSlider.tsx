import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from "#app/lib/player.ts";

/**
 * The volume slider (min 0, max 1, step 0.01): the browser's range input, which has the slider
 * role and steps with Home, End, arrows and Page keys on its own.
 */
export function VolumeSlider({
  value,
  valueText,
  onValueChange,
}: {
  /** 0 to 1, already 0 while muted. */
  value: number;
  /** The spoken value ("90%", "Muted"). */
  valueText: string;
  onValueChange: (value: number) => void;
}) {
  return (
    <input
      type="range"
      min={VOLUME_MIN}
      max={VOLUME_MAX}
      step={VOLUME_STEP}
      value={value}
      onChange={(e) => onValueChange(Number(e.currentTarget.value))}
      aria-label="Volume"
      aria-valuetext={valueText}
      className="h-6 w-full cursor-pointer accent-[var(--link)]"
    />
  );
}
