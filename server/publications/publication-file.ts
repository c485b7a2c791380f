import type { PublicationIdentity } from "#domain/publication.ts";
import { FeedsConfigError } from "#server/ingest/errors.ts";
import { type FeedsConfig, feedsConfigFrom } from "#server/ingest/feeds-config.ts";

/**
 * One publication of the network: who it is (its pages' identity), the hosts that serve it and its
 * feed list. Read from PUBLICATIONS_DIR/<slug>/publication.json (publication-dir.server.ts), or the
 * bundled site (bundled.server.ts).
 */
export type Publication = {
  slug: string;
  identity: PublicationIdentity;
  /** Lower-case host names without port; "*.network.example" stands for every name below it. */
  hosts: readonly string[];
  feeds: FeedsConfig;
  /** The folder's blog/ (Markdown posts), when it has one; the bundled posts otherwise. */
  blogDir?: string;
  /** The logo's file, when the publication has one (served at identity.logo). */
  logoFile?: string;
};

/** A folder's name is its slug: the key of its rows in the store, and its name in every message. */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** The largest publication.json read: a feed list of a few hundred entries fits many times over. */
export const MAX_PUBLICATION_FILE_BYTES = 256 * 1024;

/** A logo is a small picture, served as it is. */
export const LOGO_TYPES = { ".svg": "image/svg+xml", ".png": "image/png", ".webp": "image/webp" } as const;
export const MAX_LOGO_BYTES = 200 * 1024;

export class PublicationError extends Error {
  override name = "PublicationError";
}

const FIELDS = [
  "name",
  "shortTitle",
  "tagline",
  "description",
  "hosts",
  "feeds",
  "timeZone",
  "newsroomEmail",
  "about",
  "accent",
  "logo",
] as const;

/** Control characters, line breaks and markup have no place in a name shown as plain text. */
const NOT_PLAIN = /[\p{Cc}\u2028\u2029<>]/u;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const EMAIL = /^[^\s@<>()",;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** A value as a message shows it: one line, at most 60 characters. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 60 ? text : `${text.slice(0, 60)}…`;
}

/** A host as the map keys it: lower case, no trailing dot, no port. Undefined when it is no host name. */
export function normalHost(value: string): string | undefined {
  const host = value.trim().toLowerCase().replace(/\.$/, "");
  const name = host.startsWith("*.") ? host.slice(2) : host;
  if (name.length === 0 || name.length > 253) return undefined;
  return name.split(".").every((label) => HOST_LABEL.test(label)) ? host : undefined;
}

/** WCAG's contrast ratio of a #rrggbb colour with white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

/** Whether a zone name is one this runtime knows (dates are shown in it). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a publication.json's value: the fields it sets, checked, over the bundled site's for the
 * rest. Throws PublicationError with the reason (the caller adds the folder's name).
 * `files` says which of the folder's files exist (the logo must).
 */
export function publicationFrom(
  slug: string,
  data: unknown,
  base: PublicationIdentity,
  files: { logo?: (name: string) => boolean } = {},
): Omit<Publication, "blogDir" | "logoFile"> & { logoName?: string } {
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new PublicationError("publication.json must hold an object");
  const value = data as Record<string, unknown>;
  const unknown = Object.keys(value).find((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknown !== undefined)
    throw new PublicationError(`unknown field ${shown(unknown)} (fields: ${FIELDS.join(", ")})`);

  const text = (field: string, max: number, required: boolean): string | undefined => {
    const v = value[field];
    if (v === undefined && !required) return undefined;
    if (typeof v !== "string" || v.trim() === "")
      throw new PublicationError(`"${field}" must be a non-empty string`);
    const t = v.trim();
    if (t.length > max)
      throw new PublicationError(`"${field}" is ${t.length} characters, more than the ${max} allowed`);
    if (NOT_PLAIN.test(t))
      throw new PublicationError(`"${field}" must be plain text (no markup or line breaks)`);
    return t;
  };

  const name = text("name", 80, true) as string;
  const tagline = text("tagline", 200, true) as string;
  const shortTitle = text("shortTitle", 40, false) ?? name.replace(/^The\s+/i, "");
  const description = text("description", 300, false) ?? `${name}: ${tagline}`;
  const about = text("about", 1000, false) ?? `${name}: ${tagline}.`;

  const hostsValue = value.hosts;
  if (!Array.isArray(hostsValue) || hostsValue.length === 0)
    throw new PublicationError(`"hosts" must be a non-empty array of host names`);
  const hosts: string[] = [];
  for (const h of hostsValue) {
    const host = typeof h === "string" ? normalHost(h) : undefined;
    if (host === undefined)
      throw new PublicationError(
        `"hosts" has ${shown(h)}, which is no host name (such as "news.example" or "*.network.example", without a port)`,
      );
    if (!hosts.includes(host)) hosts.push(host);
  }
  // Its address (feeds, sitemaps, mail links) is its first exact host: a wildcard names none.
  if (hosts.every((h) => h.startsWith("*.")))
    throw new PublicationError(
      `"hosts" needs at least one exact host name (its address in feeds, sitemaps and mail), not only wildcards`,
    );

  if (value.feeds === undefined)
    throw new PublicationError(`"feeds" is missing (section keys to feed lists)`);
  let feeds: FeedsConfig;
  try {
    feeds = feedsConfigFrom(value.feeds, `"feeds"`);
  } catch (error) {
    if (error instanceof FeedsConfigError) throw new PublicationError(error.message);
    throw error;
  }
  if (feeds.size === 0) throw new PublicationError(`"feeds" lists no section`);

  const timeZone = text("timeZone", 64, false) ?? base.timeZone;
  if (!isTimeZone(timeZone)) throw new PublicationError(`"timeZone" ${shown(timeZone)} is no IANA time zone`);

  const newsroomEmail = text("newsroomEmail", 254, false) ?? base.newsroomEmail;
  if (!EMAIL.test(newsroomEmail))
    throw new PublicationError(`"newsroomEmail" ${shown(newsroomEmail)} is no e-mail address`);

  const accent = text("accent", 7, false);
  if (accent !== undefined && !/^#[0-9a-f]{6}$/i.test(accent))
    throw new PublicationError(`"accent" ${shown(accent)} must be a colour such as "#0b6e4f"`);
  // White text sits on the accent (buttons), and the accent is the links' colour on the page.
  if (accent !== undefined && contrastWithWhite(accent) < 4.6)
    throw new PublicationError(
      `"accent" ${shown(accent)} is too light: white text on it has a contrast of ${contrastWithWhite(accent).toFixed(1)}:1, and at least 4.6:1 is needed`,
    );

  const logoName = text("logo", 100, false);
  let logo: string | undefined;
  if (logoName !== undefined) {
    const ext = logoName.slice(logoName.lastIndexOf(".")).toLowerCase();
    if (!/^[\w-]+\.\w+$/.test(logoName) || !(ext in LOGO_TYPES))
      throw new PublicationError(
        `"logo" ${shown(logoName)} must be a file name in the folder ending .svg, .png or .webp`,
      );
    if (!files.logo?.(logoName))
      throw new PublicationError(`"logo" names ${shown(logoName)}, which the folder lacks`);
    logo = `/publication-logo${ext}`;
  }

  const { accent: _accent, logo: _logo, ...shared } = base;
  const identity: PublicationIdentity = {
    ...shared,
    slug,
    title: name,
    shortTitle,
    tagline,
    description,
    timeZone,
    newsroomEmail,
    about,
    socialImage: { ...base.socialImage, alt: name },
  };
  if (accent) identity.accent = accent.toLowerCase();
  if (logo) identity.logo = logo;
  return { slug, hosts, feeds, identity, ...(logoName ? { logoName } : {}) };
}
