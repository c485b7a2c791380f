import { Slider } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from "#app/lib/player.ts";
import { SLIDER_LABEL, type VolumeSliderProps } from "./VolumeSlider.parts.ts";

/** Radix's slider: clamps and sorts values, and steps with Home, End, arrows and Page keys. */
export function RadixVolumeSlider({ value, valueText, onValueChange }: VolumeSliderProps) {
  const thumb = useRef<HTMLSpanElement>(null);
  // Read once, while the native slider it replaces is still in the page: did it have focus?
  const [takeFocus] = useState(
    () =>
      typeof document !== "undefined" && document.activeElement?.getAttribute("data-focus-key") === "volume",
  );

  // Radix hides the thumb until it has measured it, so SwapOnInteraction's focus hand-over cannot reach it:
  // give the thumb the focus once it has a size, unless the reader has moved on meanwhile.
  useEffect(() => {
    const el = thumb.current;
    if (!takeFocus || !el) return;
    const observer = new ResizeObserver(() => {
      if (el.offsetWidth === 0) return;
      observer.disconnect();
      if (document.activeElement === document.body || document.activeElement === null) el.focus();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [takeFocus]);

  return (
    <Slider.Root
      min={VOLUME_MIN}
      max={VOLUME_MAX}
      step={VOLUME_STEP}
      value={[value]}
      onValueChange={([v]) => {
        if (v !== undefined) onValueChange(v);
      }}
      className="relative flex h-6 w-full cursor-pointer touch-none select-none items-center"
    >
      <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-black/15 dark:bg-white/25">
        <Slider.Range className="absolute h-full rounded-full bg-[var(--link)]" />
      </Slider.Track>
      <Slider.Thumb
        ref={thumb}
        aria-label={SLIDER_LABEL}
        aria-valuetext={valueText}
        data-focus-key="volume"
        className="block size-5 rounded-full border-2 border-[var(--link)] bg-surface shadow-sm"
      />
    </Slider.Root>
  );
}
