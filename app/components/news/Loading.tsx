import { Skeleton } from "./Skeletons.tsx";

/** The loading placeholders of a home or section page, while a cold server waits for its feeds. */
export function Loading({ page }: { page: "home" | "section" }) {
  return <Skeleton page={page} />;
}
