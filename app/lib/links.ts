/** Only http(s) URLs may become an href or src; anything else (javascript:, data:) is dropped. */
export function safeHttpUrl(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Attributes for a link that leaves the site. */
export const EXTERNAL = { target: "_blank", rel: "noopener noreferrer" } as const;

/** A site's name as readers know it from an address: its host without "www." ("eventbrite.com"). */
export function siteName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
