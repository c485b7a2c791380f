// The one place that says how this project starts Chromium: Debian's build (a tool must never
// download a browser of its own here) and the flags a headless container needs.

/** Debian's Chromium, unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** What a container without a display, GPU or user namespaces needs; nothing else. */
export const CONTAINER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu"] as const;

/** The container flags plus quiet: no QUIC, no first-run page, no background traffic to Google. */
export const CHROMIUM_FLAGS = [
  ...CONTAINER_FLAGS,
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
