// What the native range input and Radix's slider share: in a module of its own, so neither imports the other.
export type VolumeSliderProps = {
  /** 0 to 1, already 0 while muted. */
  value: number;
  /** The spoken value ("90%", "Muted"). */
  valueText: string;
  onValueChange: (value: number) => void;
};

export const SLIDER_LABEL = "Volume";
