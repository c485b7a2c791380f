import { footerAbout } from "#content/footer.ts";
import { identity } from "#content/identity.ts";
import type { PublicationIdentity } from "#domain/publication.ts";
import { loadFeedsConfig } from "#server/ingest/feeds-config.server.ts";
import type { Publication } from "./publication-file.ts";

/** The bundled site's identity (content/): a PUBLICATIONS_DIR folder's defaults for what it leaves out. */
export const bundledIdentity: PublicationIdentity = {
  ...identity,
  network: { ...identity.network },
  socialImage: { ...identity.socialImage },
  about: footerAbout,
};

/**
 * The bundled site as the one publication, served on every host (PUBLICATIONS_DIR unset): its
 * feed list is content/feeds.json, or FEEDS_CONFIG's file.
 */
export function bundledPublication(feedsConfigPath?: string): Publication {
  return {
    slug: identity.slug,
    identity: bundledIdentity,
    hosts: [],
    feeds: loadFeedsConfig(feedsConfigPath),
  };
}
