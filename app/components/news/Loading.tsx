import { LoadError } from "./NewsBlock.tsx";
import { Skeleton } from "./Skeletons.tsx";

/**
 * The loading placeholders of a home or section page, while a cold server waits for its feeds.
 * They carry the page's load error, for the page script to show should the part fail while the
 * server renders it (app/browser/failed-parts.ts).
 */
export function Loading({ page, failure }: { page: "home" | "section"; failure: string }) {
  return (
    <>
      <Skeleton page={page} />
      <template data-if-failed>
        <LoadError message={failure} />
      </template>
    </>
  );
}
