import { useEffect, useRef, useState } from "react";

/**
 * Whether an image failed to load: `ref` and `onError` go on the <img>. An image can fail before
 * hydration attaches onError, so the first effect looks too (a request that ran and gave no
 * pixels). It sets the state from a task of its own: an update made in that effect takes the
 * priority of the hydration that ran it, and a boundary hydrated in the background left it waiting
 * behind the page's other work (a broken lead image stayed, about one cold home page in 25).
 */
export function useImageFailed() {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (el?.complete && el.naturalWidth === 0 && el.currentSrc) setTimeout(() => setFailed(true));
  }, []);
  return { ref, failed, onError: () => setFailed(true) };
}
