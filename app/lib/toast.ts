/**
 * Toasts: short notices that confirm an action ('Message Sent', 'Feed Refreshed') or report a
 * failure. A small store of our own rather than a library: the home page's script budget is
 * 120 KB gzip and the framework takes ~111 KB of it, and the welcome toast shows on every first
 * visit. Timings follow the usual library defaults: 4 s on screen (paused while hovered or
 * focused), at most 3 visible.
 */
export type ToastKind = "message" | "success" | "error";
export type Toast = { id: number; kind: ToastKind; title: string; description?: string };
type Options = { description?: string };

export const TOAST_LIFETIME_MS = 4000;
export const MAX_VISIBLE_TOASTS = 3;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<(list: Toast[]) => void>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

export function subscribeToasts(listener: (list: Toast[]) => void): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => {
    listeners.delete(listener);
  };
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, title: string, options?: Options): number {
  const toast: Toast = { id: nextId++, kind, title, description: options?.description };
  // The oldest goes when a fourth arrives.
  toasts = [...toasts, toast].slice(-MAX_VISIBLE_TOASTS);
  emit();
  return toast.id;
}

export const notify = {
  message: (title: string, options?: Options) => show("message", title, options),
  success: (title: string, options?: Options) => show("success", title, options),
  /** A destructive toast: the spec's "destructive toast titled Error". */
  error: (title: string, options?: Options) => show("error", title, options),
};

/** For tests. */
export function resetToasts() {
  toasts = [];
  nextId = 1;
  emit();
}
