import { type ComponentType, useEffect, useState } from "react";
import { loadSonner, registerToaster, toasterMounted } from "../../lib/toast.ts";

/** Mounts sonner's Toaster the first time something asks for a toast. */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType<Record<string, unknown>> | null>(null);
  useEffect(
    () =>
      registerToaster(() => {
        void loadSonner().then((m) => setToaster(() => m.Toaster as ComponentType<Record<string, unknown>>));
      }),
    [],
  );
  useEffect(() => {
    if (!Toaster) return;
    // Sonner subscribes in its own effect; wait a frame so the first toast is not missed.
    const id = requestAnimationFrame(() => toasterMounted());
    return () => cancelAnimationFrame(id);
  }, [Toaster]);
  return Toaster ? <Toaster position="top-center" closeButton richColors /> : null;
}
