/** Placeholder shapes shown while articles load; hidden from assistive technology. */
function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse rounded bg-black/10 dark:bg-white/10 ${className}`} />;
}

export function CardSkeleton({ withImage = false }: { withImage?: boolean }) {
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-3" data-testid="card-skeleton">
      {withImage ? <Bar className="aspect-video w-full" /> : null}
      <Bar className="h-3 w-24" />
      <Bar className="h-5 w-full" />
      <Bar className="h-5 w-4/5" />
      <Bar className="h-3 w-full" />
      <Bar className="h-3 w-2/3" />
    </div>
  );
}

export function BlockSkeleton({ lead = false }: { lead?: boolean }) {
  return (
    <div className="border-t-2 border-ink pt-4 dark:border-white" data-testid="block-skeleton">
      <Bar className="h-7 w-48" />
      {lead ? (
        <div className="mt-4 grid gap-4 md:grid-cols-[3fr_2fr]">
          <Bar className="aspect-video w-full" />
          <div className="flex flex-col gap-3">
            <Bar className="h-3 w-24" />
            <Bar className="h-8 w-full" />
            <Bar className="h-8 w-3/4" />
            <Bar className="h-4 w-full" />
          </div>
        </div>
      ) : null}
      <div className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-5">
        {Array.from({ length: lead ? 4 : 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <CardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

/** Six block placeholders for the home page. */
export function HomeSkeleton() {
  return (
    <div className="space-y-10" aria-busy="true" aria-label="Loading articles" role="status">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <BlockSkeleton key={i} lead={i === 0} />
      ))}
    </div>
  );
}

/** Fifteen card placeholders for a section page. */
export function SectionSkeleton() {
  return (
    <div
      className="grid gap-x-6 gap-y-6 sm:grid-cols-2 lg:grid-cols-3"
      aria-busy="true"
      aria-label="Loading articles"
      role="status"
    >
      {Array.from({ length: 15 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <CardSkeleton key={i} withImage={i === 0} />
      ))}
    </div>
  );
}

/** The placeholders of a home or section page. */
export function Skeleton({ page }: { page: "home" | "section" }) {
  return page === "home" ? <HomeSkeleton /> : <SectionSkeleton />;
}
