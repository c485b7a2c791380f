import { Link, data as withStatus } from "react-router";
import { usePublication } from "#app/components/layout/publication.ts";
import { CategoryLabel, Publisher } from "#app/components/news/ArticleMeta.tsx";
import { LoadError, SampleNotice } from "#app/components/news/NewsBlock.tsx";
import { Pager } from "#app/components/news/Pager.tsx";
import { formatShortDate } from "#app/lib/dates.ts";
import { EXTERNAL, safeHttpUrl } from "#app/lib/links.ts";
import { seo } from "#app/lib/seo.ts";
import type { ArticleSummary, TextSegment } from "#domain/article.ts";
import { MAX_PAGE, pageHref, pastLastPage, readPage, SEARCH_PAGE_SIZE } from "#domain/paging.ts";
import { cappedNote, pastResultsText, type SearchCount, searchSummary } from "#domain/search-summary.ts";
import { sectionDisplayName } from "#domain/sections.ts";
import { clientAddressContext } from "#server/forms/rate-limit.server.ts";
import { limitedSearch, searchRateLimitedMessage } from "#server/forms/search-limit.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext, servicesContext } from "#server/http/request-context.server.ts";
import { StoreUnavailableError } from "#server/ingest/errors.ts";
import { LOAD_FAILURE_INIT, NO_STORE_INIT } from "#server/news/news-pages.server.ts";
import type { Route } from "./+types/search";

const MAX_QUERY = 200;

// The page shows the marked title and excerpt, so of the article itself it needs only these.
type Hit = {
  article: Pick<ArticleSummary, "id" | "link" | "publishedAt" | "publisher">;
  section: string;
  title: TextSegment[];
  excerpt: TextSegment[];
};
type SearchData =
  | { state: "empty" }
  | { state: "too-long"; query: string }
  | { state: "failed"; query: string }
  | { state: "rate-limited"; query: string; message: string }
  | {
      state: "results";
      query: string;
      hits: Hit[];
      page: number;
      more: boolean;
      sample?: boolean;
      /** How many results in all (absent past the last page, where no search is made). */
      count?: SearchCount;
    };

export async function loader({ url, context }: Route.LoaderArgs) {
  const raw = url.searchParams.get("q") ?? "";
  const query = raw.replace(/\s+/g, " ").trim();
  if (!query) return { state: "empty" } as SearchData;
  if (query.length > MAX_QUERY) return { state: "too-long", query: query.slice(0, 60) } as SearchData;
  const { limiters } = context.get(servicesContext);
  const feeds = context.get(publicationContext).news;
  const page = readPage(url.searchParams);
  // Past the deepest page: the results' end, said plainly (404: nothing is there), without a search.
  if (pastLastPage(page))
    return withStatus({ state: "results", query, page, more: false, hits: [] } as SearchData, {
      status: 404,
      ...NO_STORE_INIT,
    });
  let answer: Awaited<ReturnType<typeof limitedSearch>>;
  try {
    answer = await limitedSearch(
      { feeds, limiter: limiters.search, clientKey: context.get(clientAddressContext) },
      query,
      page,
      SEARCH_PAGE_SIZE,
    );
  } catch (error) {
    // The store could not be read: say so (503, never cached), never "No results".
    if (!(error instanceof StoreUnavailableError)) throw error;
    return withStatus({ state: "failed", query } as SearchData, LOAD_FAILURE_INIT);
  }
  if (!answer.ok) {
    const message = searchRateLimitedMessage(answer.retryAfterMs);
    return withStatus({ state: "rate-limited", query, message } as SearchData, {
      status: 429,
      headers: { "Retry-After": String(Math.ceil(answer.retryAfterMs / 1000)), "Cache-Control": CACHE.none },
    });
  }
  const { hits, more, sample, count } = answer.page;
  return {
    state: "results" as const,
    query,
    page,
    more,
    sample: sample === true,
    ...(count ? { count } : {}),
    hits: hits.map(({ article: { id, link, publishedAt, publisher }, section, title, excerpt }) => ({
      article: link === undefined ? { id, publishedAt, publisher } : { id, link, publishedAt, publisher },
      section,
      title,
      excerpt,
    })),
  } as SearchData;
}

/** A refused search's Retry-After and a failed one's no-store reach the client. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => {
  const q = args.loaderData && "query" in args.loaderData ? args.loaderData.query : "";
  return seo(args, { title: q ? `Search: ${q}` : "Search", path: "/search" });
};

function Marked({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence
          <mark key={i} className="rounded-sm bg-highlight/40 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

function SearchBox({ query }: { query: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: role="search" on the form is the widely supported landmark
    <form method="get" action="/search" role="search" className="mt-4 flex max-w-xl">
      <label htmlFor="search-page-q" className="sr-only">
        Search articles
      </label>
      <input
        id="search-page-q"
        name="q"
        type="search"
        defaultValue={query}
        placeholder="Search news"
        className="min-w-0 flex-1 rounded-l border border-line bg-surface px-3 py-2.5"
      />
      <button
        type="submit"
        className="rounded-r bg-accent px-4 font-semibold text-white hover:bg-accent-strong"
      >
        Search
      </button>
    </form>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { timeZone } = usePublication();
  const data: SearchData = loaderData;
  const query = "query" in data ? data.query : "";
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="font-serif text-4xl font-bold">Search</h1>
      <SearchBox query={data.state === "too-long" ? "" : query} />
      <div className="mt-8" aria-live="polite">
        {data.state === "empty" ? (
          <p className="text-muted">Type a word or two above to search today's headlines.</p>
        ) : data.state === "too-long" ? (
          <p role="alert" className="font-medium text-red-700 dark:text-red-400">
            That search is too long. Please use at most {MAX_QUERY} characters.
          </p>
        ) : data.state === "failed" ? (
          <LoadError message="Failed to load search results" />
        ) : data.state === "rate-limited" ? (
          <p role="alert" className="font-medium text-red-700 dark:text-red-400">
            {data.message}
          </p>
        ) : data.hits.length === 0 && data.page > 1 ? (
          <>
            <p>
              {pastLastPage(data.page)
                ? `Search results stop at page ${MAX_PAGE}. Add a word or two to narrow the search for "${query}".`
                : pastResultsText(query, data.count, SEARCH_PAGE_SIZE)}
            </p>
            <Pager
              label="Search results pages"
              page={data.page}
              prevHref={pageHref("/search", 1, { q: query })}
              prevText="First results"
              nextText="More results"
            />
          </>
        ) : data.hits.length === 0 ? (
          <p>
            No results for "{query}". Try other words, or browse the{" "}
            <Link to="/" className="link">
              front page
            </Link>
            .
          </p>
        ) : (
          <>
            <p className="text-sm text-muted" data-testid="search-summary">
              {searchSummary({
                query,
                page: data.page,
                shown: data.hits.length,
                pageSize: SEARCH_PAGE_SIZE,
                // Without a count (none is made past the end), this page's own.
                count: data.count ?? {
                  total: (data.page - 1) * SEARCH_PAGE_SIZE + data.hits.length,
                  capped: false,
                },
              })}
            </p>
            {data.count?.capped ? <p className="mt-1 text-sm text-muted">{cappedNote(data.count)}</p> : null}
            {data.sample ? (
              <div className="mt-4">
                <SampleNotice
                  sections={[...new Set(data.hits.map((h) => h.section))].map(sectionDisplayName)}
                />
              </div>
            ) : null}
            <ol className="mt-4 space-y-6">
              {data.hits.map((hit) => {
                const href = safeHttpUrl(hit.article.link);
                return (
                  <li key={hit.article.id} className="border-t border-line pt-4">
                    <CategoryLabel sample={data.sample}>{sectionDisplayName(hit.section)}</CategoryLabel>
                    <h2 className="mt-1 font-serif text-xl font-bold">
                      {href ? (
                        <a href={href} {...EXTERNAL} className="hover:underline">
                          <Marked segments={hit.title} />
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        <Marked segments={hit.title} />
                      )}
                    </h2>
                    {hit.excerpt.length ? (
                      <p className="mt-1 text-muted">
                        <Marked segments={hit.excerpt} />
                      </p>
                    ) : null}
                    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted">
                      <Publisher name={hit.article.publisher} />
                      {/* The dot goes with the date, so no line ends with one. */}
                      <span className="inline-flex gap-x-2 whitespace-nowrap">
                        <span aria-hidden="true">·</span>
                        <time dateTime={hit.article.publishedAt}>
                          {formatShortDate(hit.article.publishedAt, timeZone)}
                        </time>
                      </span>
                    </p>
                  </li>
                );
              })}
            </ol>
            <Pager
              label="Search results pages"
              page={data.page}
              prevHref={data.page > 1 ? pageHref("/search", data.page - 1, { q: query }) : undefined}
              nextHref={data.more ? pageHref("/search", data.page + 1, { q: query }) : undefined}
              prevText="Previous results"
              nextText="More results"
            />
          </>
        )}
      </div>
    </div>
  );
}
