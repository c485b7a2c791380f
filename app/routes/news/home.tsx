import { Suspense } from "react";
import { Await, data } from "react-router";
import { usePublication } from "#app/components/layout/publication.ts";
import { HomeExtras } from "#app/components/news/HomeExtras.tsx";
import { Loading } from "#app/components/news/Loading.tsx";
import { LoadError, NewsBlock, SampleNotice } from "#app/components/news/NewsBlock.tsx";
import { Ticker } from "#app/components/news/Ticker.tsx";
import { WelcomeToast } from "#app/components/news/WelcomeToast.tsx";
import { publicationFrom, seo } from "#app/lib/seo.ts";
import { isLoadFailure } from "#domain/load-failure.ts";
import { answerNewsletter } from "#server/forms/newsletter-request.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext, servicesContext } from "#server/http/request-context.server.ts";
import {
  awaitUnlessCold,
  failureAsValue,
  type HomeData,
  LOAD_FAILURE_INIT,
  loadHome,
  NO_STORE_INIT,
} from "#server/news/news-pages.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: publicationFrom(args.matches).title,
    description: publicationFrom(args.matches).description,
  });

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  // A sign-up's answer (no-store, and Retry-After when throttled) is never cached.
  if (actionHeaders.has("Cache-Control")) return actionHeaders;
  // Nor is a page whose articles could not be loaded.
  if (loaderHeaders.has("Cache-Control")) return loaderHeaders;
  return { "Cache-Control": CACHE.fresh };
};

export async function loader({ context }: Route.LoaderArgs) {
  const services = { ...context.get(servicesContext), feeds: context.get(publicationContext).news };
  // A warm store is awaited; a cold section streams the skeletons first. loadHome bounds its own
  // wait (each block at most COLD_LOAD_DEADLINE_MS, then left out), so no block holds up the rest.
  const home = await awaitUnlessCold((cold) => failureAsValue(loadHome(services, cold)));
  if (home.done && isLoadFailure(home.value)) return data({ home: home.value }, LOAD_FAILURE_INIT);
  if (home.done) return { home: home.value };
  // Streamed: the headers go out before the outcome is known, so no cache may keep the page.
  return data({ home: home.promise }, NO_STORE_INIT);
}

export async function action({ request, context }: Route.ActionArgs) {
  const reply = await answerNewsletter(request, context);
  return data(reply.body, { status: reply.status, headers: reply.headers });
}

function Blocks({ data }: { data: HomeData }) {
  const samples = data.blocks.filter((b) => b.sample).map((b) => b.name);
  if (data.blocks.length === 0) {
    return (
      <p className="rounded border border-line bg-surface p-6 text-center text-muted">
        No headlines are available right now. Please check back in a few minutes.
      </p>
    );
  }
  return (
    <div className="space-y-10">
      {samples.length > 0 ? <SampleNotice sections={samples} /> : null}
      {data.blocks.map((b, i) => (
        <NewsBlock
          key={b.key}
          sectionKey={b.key}
          name={b.name}
          articles={b.articles}
          lead={i === 0}
          sample={b.sample}
        />
      ))}
    </div>
  );
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const identity = usePublication();
  return (
    <div className="space-y-10">
      <h1 className="sr-only">{identity.title}: today's headlines</h1>
      <WelcomeToast />
      <Suspense fallback={<Loading page="home" failure="Failed to load articles" />}>
        <Await resolve={loaderData.home} errorElement={<LoadError message="Failed to load articles" />}>
          {(data) =>
            isLoadFailure(data) ? (
              <LoadError message="Failed to load articles" />
            ) : (
              <>
                <Ticker articles={data.ticker} />
                <div className="mt-6">
                  <Blocks data={data} />
                </div>
              </>
            )
          }
        </Await>
      </Suspense>
      <HomeExtras newsletter={actionData} />
    </div>
  );
}
