import { useEffect, useState } from "react";
import { firstInteraction } from "#app/lib/interaction.ts";

type Skeletons = typeof import("./Skeletons.tsx");
let skeletons: Skeletons | undefined;
const load = () =>
  import("./Skeletons.tsx").then((m) => {
    skeletons = m;
    return m;
  });

// The placeholders show only while articles load: on a cold server (rendered there, in the HTML)
// or after a client-side navigation, which follows the reader's first interaction. So their
// script loads then, not with the page (hydration leaves a server's pending placeholders as they
// are). The server has them from the start.
if (import.meta.env.SSR) void load();
else
  void firstInteraction()
    .then(load)
    .catch(() => {});

/** The loading placeholders of a home or section page; a plain busy region until their script is in. */
export function Loading({ page }: { page: "home" | "section" }) {
  const [, setReady] = useState(Boolean(skeletons));
  useEffect(() => {
    if (!skeletons)
      load().then(
        () => setReady(true),
        () => {},
      );
  }, []);
  if (skeletons) return page === "home" ? <skeletons.HomeSkeleton /> : <skeletons.SectionSkeleton />;
  return <div className="min-h-screen" aria-busy="true" aria-label="Loading articles" role="status" />;
}
