import { useNavigation } from "react-router";

/** A slim bar along the top while a client-side navigation loads. */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!busy}
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 origin-left bg-highlight transition-opacity duration-300 ${
        busy ? "opacity-100 [animation:progress-grow_8s_ease-out_forwards]" : "opacity-0"
      }`}
    />
  );
}
