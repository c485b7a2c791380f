import { Suspense } from "react";
import { Await, data } from "react-router";
import { ArticleCard } from "#app/components/news/ArticleCard.tsx";
import { EventsWall } from "#app/components/news/EventsWall.tsx";
import { Loading } from "#app/components/news/Loading.tsx";
import { LoadError, SampleNotice } from "#app/components/news/NewsBlock.tsx";
import { Pager } from "#app/components/news/Pager.tsx";
import { seo } from "#app/lib/seo.ts";
import { embeds } from "#content/embeds.ts";
import { listKey } from "#domain/article.ts";
import { isLoadFailure } from "#domain/load-failure.ts";
import { MAX_PAGE, pageHref, pastLastPage, readPage } from "#domain/paging.ts";
import { SECTION_SUBTITLES } from "#domain/section-subtitles.ts";
import { isFeedSectionKey, isSectionKey, type SectionKey, sectionDisplayName } from "#domain/sections.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext, servicesContext } from "#server/http/request-context.server.ts";
import {
  awaitUnlessCold,
  failureAsValue,
  LOAD_FAILURE_INIT,
  loadSection,
  NO_STORE_INIT,
  type SectionData,
  withDeadline,
} from "#server/news/news-pages.server.ts";
import type { Route } from "./+types/section";

function sectionOf(url: string): SectionKey | null {
  const key = new URL(url).pathname.split("/")[1] ?? "";
  return isSectionKey(key) ? key : null;
}

function header(key: SectionKey, subtitles: Record<SectionKey, string>) {
  return { key, name: sectionDisplayName(key), subtitle: subtitles[key] };
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  // A page whose articles could not be loaded is never cached.
  if (loaderHeaders.has("Cache-Control")) return loaderHeaders;
  return { "Cache-Control": CACHE.fresh };
};

export async function loader({ url, context }: Route.LoaderArgs) {
  // `url` is the page's address; request.url may carry React Router's ".data" suffix.
  const key = sectionOf(url.href);
  if (!key) throw data(null, { status: 404 });
  // /events is an embedded events wall: no articles are loaded at all.
  if (!isFeedSectionKey(key)) return { ...header(key, SECTION_SUBTITLES), page: 1, section: null };
  const page = readPage(url.searchParams);
  // Past the deepest page the archive offers: its end, said plainly (404: nothing is there).
  if (pastLastPage(page)) {
    const end: SectionData = { articles: [], sample: false, page, older: false };
    return data({ ...header(key, SECTION_SUBTITLES), page, section: end }, { status: 404, ...NO_STORE_INIT });
  }
  const section = await awaitUnlessCold((cold) =>
    failureAsValue(
      withDeadline(
        loadSection(
          { config: context.get(servicesContext).config, feeds: context.get(publicationContext).news },
          key,
          page,
          undefined,
          cold,
        ),
      ),
    ),
  );
  const loaded = { ...header(key, SECTION_SUBTITLES), page };
  // Streamed: the headers go out before the outcome is known, so no cache may keep the page.
  if (!section.done) return data({ ...loaded, section: section.promise }, NO_STORE_INIT);
  if (isLoadFailure(section.value)) return data({ ...loaded, section: section.value }, LOAD_FAILURE_INIT);
  // A page past the end of the archive says so, as a 404 (which no cache keeps, nor the page cache).
  if (page > 1 && section.value.articles.length === 0)
    return data({ ...loaded, section: section.value }, { status: 404, ...NO_STORE_INIT });
  return { ...loaded, section: section.value };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: `${args.loaderData?.name ?? "Section"}${(args.loaderData?.page ?? 1) > 1 ? `, older headlines (page ${args.loaderData?.page})` : ""}`,
    description: args.loaderData ? `${args.loaderData.name}: ${args.loaderData.subtitle}` : undefined,
  });

function Grid({
  data,
  sectionKey,
  sectionName,
}: {
  data: SectionData | null;
  sectionKey: string;
  sectionName: string;
}) {
  const path = `/${sectionKey}`;
  const page = data?.page ?? 1;
  const pager = data ? (
    <Pager
      label="Older headlines"
      page={page}
      prevHref={page > 1 ? pageHref(path, page - 1) : undefined}
      nextHref={data.older ? pageHref(path, page + 1) : undefined}
      prevText="Newer headlines"
      nextText="Older headlines"
    />
  ) : null;
  if (!data || data.articles.length === 0) {
    return (
      <>
        <p className="rounded border border-line bg-surface p-6 text-center text-muted">
          {pastLastPage(page)
            ? `Older headlines end at page ${MAX_PAGE}.`
            : page > 1
              ? `No older headlines here. Page ${page} is past the end of this section's archive.`
              : "No articles available for this section at the moment."}
        </p>
        {page > 1 ? (
          <Pager
            label="Older headlines"
            page={page}
            prevHref={pageHref(path, 1)}
            prevText="Latest headlines"
            nextText="Older headlines"
          />
        ) : null}
      </>
    );
  }
  return (
    <div className="space-y-6">
      {data.sample ? <SampleNotice sections={[sectionName]} /> : null}
      {page > 1 ? <h2 className="font-serif text-2xl font-bold">Older headlines, page {page}</h2> : null}
      {/* Fifteen cards leave no column empty: on page 1 the pictured first story spans two columns
          (and two rows beside cards 2 and 3 from lg up); on later pages the first card spans the
          two columns of sm, so 1 + 7 rows there and 5 rows of 3 from lg. */}
      <div className="grid gap-x-6 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
        {data.articles.map((a, i) => (
          <ArticleCard
            key={listKey(a, i)}
            article={a}
            sample={data.sample}
            withImage={i === 0 && page === 1}
            heading={page > 1 ? "h3" : "h2"}
            className={
              i > 0 ? "" : page === 1 ? "sm:col-span-2 lg:row-span-2" : "sm:col-span-2 lg:col-span-1"
            }
          />
        ))}
      </div>
      {pager}
    </div>
  );
}

const SECTION_LOAD_ERROR = "Failed to load articles for this section";

export default function Section({ loaderData }: Route.ComponentProps) {
  const { key, name, subtitle, section } = loaderData;
  return (
    <div>
      <header className="border-b border-line pb-5">
        <h1 className="font-serif text-4xl font-bold sm:text-5xl">{name}</h1>
        <p className="mt-2 text-lg text-muted">{subtitle}</p>
      </header>
      <div className="mt-6">
        {key === "events" ? (
          <EventsWall url={embeds.eventsWall.url} title={embeds.eventsWall.title} />
        ) : (
          // The key makes moving between sections start from the skeletons, not the old grid.
          <Suspense
            key={`${key}-${loaderData.page ?? 1}`}
            fallback={<Loading page="section" failure={SECTION_LOAD_ERROR} />}
          >
            <Await resolve={section} errorElement={<LoadError message={SECTION_LOAD_ERROR} />}>
              {(data) =>
                isLoadFailure(data) ? (
                  <LoadError message={SECTION_LOAD_ERROR} />
                ) : (
                  <Grid data={data} sectionKey={key} sectionName={name} />
                )
              }
            </Await>
          </Suspense>
        )}
      </div>
    </div>
  );
}
