import { Search } from "#app/components/ui/icons.tsx";
import { FAQ_FILTERS, type FaqFilter } from "#content/faqs.ts";

type Props = {
  query: string;
  category: FaqFilter;
  onQueryChange: (query: string) => void;
  onCategoryChange: (category: FaqFilter) => void;
};

const chipClass =
  "rounded-full border border-line px-3 py-1.5 text-sm font-medium hover:border-[var(--link)] aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-white";

/**
 * Search and category filter. A GET form, so both work without JavaScript (the page filters on the
 * server from ?q= and ?category=); with JavaScript they filter as the reader types or clicks.
 */
export function FaqFilters({ query, category, onQueryChange, onCategoryChange }: Props) {
  return (
    <search aria-label="FAQs" className="mt-6 block">
      <form method="get" action="/faq" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="faq-search" className="block font-semibold">
          Search FAQs
        </label>
        <div className="mt-2 flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            />
            <input
              id="faq-search"
              name="q"
              type="search"
              value={query}
              onChange={(e) => onQueryChange(e.target.value)}
              placeholder="e.g. tax credit"
              autoComplete="off"
              className="w-full rounded border border-line bg-surface py-2.5 pl-9 pr-3"
            />
          </div>
          <button
            type="submit"
            className="rounded border border-line bg-surface px-4 py-2.5 font-semibold hover:border-[var(--link)]"
          >
            Search
          </button>
        </div>
        {/* Before the buttons: without JavaScript a clicked category comes later in the query and wins. */}
        <input type="hidden" name="category" value={category} />
        <fieldset className="mt-4">
          <legend className="font-semibold">Category</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {FAQ_FILTERS.map((c) => (
              <button
                key={c}
                type="submit"
                name="category"
                value={c}
                aria-pressed={c === category}
                onClick={(e) => {
                  e.preventDefault();
                  onCategoryChange(c);
                }}
                className={chipClass}
              >
                {c}
              </button>
            ))}
          </div>
        </fieldset>
      </form>
    </search>
  );
}
