import { BUNDLED_SLUG } from "#domain/publication.ts";
import { type Config, ConfigError, parseConfig } from "#server/config.server.ts";
import { bundledIdentity } from "#server/publications/bundled.server.ts";
import { readPublicationsDir } from "#server/publications/publication-dir.server.ts";
import { type Publication, PublicationError } from "#server/publications/publication-file.ts";
import {
  type OpenedStore,
  openStore,
  type StoreLocation,
  serverStoreReady,
  storeLocationFrom,
  storeOpenMessage,
} from "#server/store/open.server.ts";
import type { Store } from "#server/store/store.ts";

/** Prints a message to stderr and exits: 2 for a usage error, 1 for anything else. */
export function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/**
 * The server's settings and the store they name (DATABASE_URL, else DATA_DIR), for the newsroom's
 * command-line tools; a bad setting or a store that cannot be opened or connected to is a one-line
 * message and exit code 1.
 */
export async function openFromEnv(): Promise<{ config: Config; opened: OpenedStore }> {
  let config: Config;
  let location: StoreLocation;
  try {
    config = parseConfig(process.env);
    location = storeLocationFrom(config);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 1);
    throw error;
  }
  let opened: OpenedStore;
  try {
    opened = openStore(location);
  } catch (error) {
    fail(storeOpenMessage(location.dataDir, error), 1);
  }
  try {
    await serverStoreReady(opened.store, location);
  } catch (error) {
    await opened.store.close().catch(() => {});
    fail(error instanceof Error ? error.message : String(error), 1);
  }
  return { config, opened };
}

/** The store the server uses, for a tool that needs nothing else (see openFromEnv). */
export async function openStoreFromEnv(): Promise<Store> {
  return (await openFromEnv()).opened.store;
}

/**
 * `--publication <slug>` taken out of a command's arguments: the publications a command is about.
 * Given, that one (it must be a folder PUBLICATIONS_DIR serves, when set); left out, every
 * publication PUBLICATIONS_DIR serves, or the bundled site when it is unset.
 */
export function publicationsOption(args: string[]): {
  slugs: string[];
  /** Whether --publication was given. */
  chosen: boolean;
  /** Whether PUBLICATIONS_DIR is set: there may be several, and output says whose each row is. */
  fromDir: boolean;
  /** The publications PUBLICATIONS_DIR serves, read once (empty without it). */
  served: ReadonlyMap<string, Publication>;
  rest: string[];
} {
  const at = args.findIndex((a) => a === "--publication" || a.startsWith("--publication="));
  const rest = [...args];
  let slug: string | undefined;
  if (at !== -1) {
    const arg = args[at] as string;
    slug = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[at + 1];
    rest.splice(at, arg.includes("=") ? 1 : 2);
    if (!slug || slug.startsWith("--")) fail("--publication needs a publication's folder name");
  }
  const dir = process.env.PUBLICATIONS_DIR;
  if (!dir) {
    if (slug !== undefined && slug !== BUNDLED_SLUG)
      fail(
        `No publication "${slug}": PUBLICATIONS_DIR is not set (the one publication is "${BUNDLED_SLUG}")`,
        1,
      );
    return { slugs: [BUNDLED_SLUG], chosen: slug !== undefined, fromDir: false, served: new Map(), rest };
  }
  let served: Map<string, Publication>;
  try {
    served = new Map(readPublicationsDir(dir, bundledIdentity).publications.map((p) => [p.slug, p]));
  } catch (error) {
    if (error instanceof PublicationError) fail(error.message, 1);
    throw error;
  }
  if (slug === undefined) return { slugs: [...served.keys()], chosen: false, fromDir: true, served, rest };
  if (!served.has(slug)) fail(`No publication "${slug}" in ${dir} (npm run -s publications -- list)`, 1);
  return { slugs: [slug], chosen: true, fromDir: true, served, rest };
}
