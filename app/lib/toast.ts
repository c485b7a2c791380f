/**
 * Toasts through sonner, loaded on the first toast rather than with every page (the script budget
 * is mostly the framework's). `<LazyToaster />` in the root mounts sonner's Toaster on demand.
 */
type Sonner = typeof import("sonner");
type Options = { description?: string };

let sonner: Promise<Sonner> | null = null;
let mounted: Promise<void> | null = null;
let requestMount: (() => void) | null = null;
let resolveMounted: (() => void) | null = null;

export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

/** Called by LazyToaster: how to ask it to mount, and how it says it has. */
export function registerToaster(mount: () => void): () => void {
  requestMount = mount;
  return () => {
    requestMount = null;
  };
}

export function toasterMounted() {
  resolveMounted?.();
}

async function ready(): Promise<Sonner> {
  const mod = await loadSonner();
  mounted ??= new Promise<void>((resolve) => {
    resolveMounted = resolve;
    requestMount?.();
  });
  await mounted;
  return mod;
}

function show(call: (s: Sonner) => unknown) {
  // If the toast code cannot load (offline, a deploy in progress) the page carries on without it;
  // every toast also has an inline equivalent on the page.
  ready()
    .then(call)
    .catch(() => {});
}

export const notify = {
  message(title: string, options?: Options) {
    show((s) => s.toast(title, options));
  },
  success(title: string, options?: Options) {
    show((s) => s.toast.success(title, options));
  },
  /** A destructive toast: the spec's "destructive toast titled Error". */
  error(title: string, options?: Options) {
    show((s) => s.toast.error(title, options));
  },
};
