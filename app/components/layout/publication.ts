import { createContext, useContext } from "react";
import { footerAbout } from "#content/footer.ts";
import { identity } from "#content/identity.ts";
import type { PublicationIdentity } from "#domain/publication.ts";

/**
 * The publication a page belongs to (its host's: the root loader's), for everything rendered on the
 * server: masthead, footer, titles, texts. Outside a page (a component's own test) it is the
 * bundled site. Islands are not under it in the browser: they get what they need as props.
 */
export const PublicationContext = createContext<PublicationIdentity>({ ...identity, about: footerAbout });

export function usePublication(): PublicationIdentity {
  return useContext(PublicationContext);
}
