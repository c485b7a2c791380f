import { type IconProps, Svg } from "#app/components/ui/icons.tsx";

/*
 * The radio page's icons, inlined from Lucide (ISC licence) in the shared frame of
 * app/components/ui/icons.tsx, so the page does not ship lucide-react's runtime.
 */

const SPEAKER =
  "M11 4.702a.705.705 0 0 0-1.203-.498L6.413 7.587A1.4 1.4 0 0 1 5.416 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.416a1.4 1.4 0 0 1 .997.413l3.383 3.384A.705.705 0 0 0 11 19.298z";

export function Pause(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="14" y="3" width="5" height="18" rx="1" />
      <rect x="5" y="3" width="5" height="18" rx="1" />
    </Svg>
  );
}

export function Volume2(props: IconProps) {
  return (
    <Svg {...props}>
      <path d={SPEAKER} />
      <path d="M16 9a5 5 0 0 1 0 6" />
      <path d="M19.364 18.364a9 9 0 0 0 0-12.728" />
    </Svg>
  );
}

export function VolumeX(props: IconProps) {
  return (
    <Svg {...props}>
      <path d={SPEAKER} />
      <path d="m16.5 14.5 5-5" />
      <path d="m16.5 9.5 5 5" />
    </Svg>
  );
}

export function LoaderCircle(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </Svg>
  );
}

export function CircleAlert(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" />
      <line x1="12" x2="12" y1="8" y2="12" />
      <line x1="12" x2="12.01" y1="16" y2="16" />
    </Svg>
  );
}

export function Info(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4" />
      <path d="M12 8h.01" />
    </Svg>
  );
}

export function RadioWaves(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M16.247 7.761a6 6 0 0 1 0 8.478" />
      <path d="M19.075 4.933a10 10 0 0 1 0 14.134" />
      <path d="M4.925 19.067a10 10 0 0 1 0-14.134" />
      <path d="M7.753 16.239a6 6 0 0 1 0-8.478" />
      <circle cx="12" cy="12" r="2" />
    </Svg>
  );
}
