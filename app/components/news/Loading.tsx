import { Suspense } from "react";
import { lateModule, preloadOnInteraction, whenShown } from "../ui/late.tsx";

const skeletons = lateModule(() => import("./Skeletons.tsx").then((m) => m.Skeleton));

// The placeholders show only while articles load: on a cold server (rendered there, in the HTML)
// or after a client-side navigation, which follows the reader's first interaction. So their
// script loads then, not with the page (hydration leaves a server's pending placeholders as they
// are). The server has them from the start.
if (import.meta.env.SSR) skeletons().catch(() => {});
else preloadOnInteraction(skeletons);

function Busy() {
  return <div className="min-h-screen" aria-busy="true" aria-label="Loading articles" role="status" />;
}

const Skeleton = whenShown(skeletons, Busy);

/** The loading placeholders of a home or section page; a plain busy region until their script is in. */
export function Loading({ page }: { page: "home" | "section" }) {
  return (
    <Suspense fallback={<Busy />}>
      <Skeleton page={page} />
    </Suspense>
  );
}
