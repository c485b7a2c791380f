import { useId } from "react";
import { Search } from "#app/components/ui/icons.tsx";

/** The header's and side sheet's search box: a plain GET form, so it works without JavaScript. */
export function SearchForm({ className = "" }: { className?: string }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the form is the landmark (the page script and tests find form[role=search])
    <form method="get" action="/search" role="search" className={`flex ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search articles
      </label>
      <input
        id={id}
        name="q"
        type="search"
        required
        maxLength={200}
        placeholder="Search news"
        autoComplete="off"
        className="w-full min-w-0 rounded-l border border-line bg-surface px-3 py-2 text-sm placeholder:text-muted"
      />
      <button
        type="submit"
        className="inline-flex items-center rounded-r border border-l-0 border-line bg-surface px-3 text-sm hover:bg-black/5 dark:hover:bg-white/10"
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only">Search</span>
      </button>
    </form>
  );
}
