import { data, Link } from "react-router";
import { usePublication } from "#app/components/layout/publication.ts";
import { TokenButtonForm } from "#app/components/ui/TokenButtonForm.tsx";
import { seo } from "#app/lib/seo.ts";
import { subscribedToken, unsubscribeNewsletter } from "#server/forms/newsletter.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext, servicesContext } from "#server/http/request-context.server.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Unsubscribe", path: "/newsletter/unsubscribe", noindex: true });

export function headers() {
  return { "Cache-Control": CACHE.none };
}

// Opening the link only shows a button (a mail scanner that fetches links must not unsubscribe anyone).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = context.get(servicesContext);
  const { subscribers } = store.publication(context.get(publicationContext).publication.slug);
  return { token: await subscribedToken(subscribers, new URL(request.url).searchParams.get("token")) };
}

// The button's POST and a mailbox provider's one-click POST (List-Unsubscribe-Post): the token is
// in the link's query; the page's form sends it too.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const token = form.get("token") ?? new URL(request.url).searchParams.get("token");
  const { subscribers } = context
    .get(servicesContext)
    .store.publication(context.get(publicationContext).publication.slug);
  const result = await unsubscribeNewsletter(subscribers, token);
  const unsubscribed = result === "unsubscribed";
  return data(
    { unsubscribed },
    { status: unsubscribed ? 200 : 400, headers: { "Cache-Control": CACHE.none } },
  );
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const identity = usePublication();
  let body: React.ReactNode;
  if (actionData?.unsubscribed) {
    body = (
      <p className="mt-4 text-lg" role="status">
        You're unsubscribed. Your address is off our list and no more editions will be sent to it.
      </p>
    );
  } else if (actionData || !loaderData.token) {
    body = (
      <>
        <p className="mt-4 text-lg">
          This unsubscribe link is not on our list: the address has already been removed, or the link was cut
          short. Paste the whole link from the email, or write to{" "}
          {/* A long unbroken address would widen a narrow screen: it may wrap anywhere. */}
          <a className="link [overflow-wrap:anywhere]" href={`mailto:${identity.newsroomEmail}`}>
            {identity.newsroomEmail}
          </a>
          .
        </p>
        <p className="mt-4">
          <Link to="/" className="font-semibold text-[var(--link)] underline">
            Back to the front page
          </Link>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p className="mt-4 text-lg">Stop receiving {identity.title}'s daily edition at this address?</p>
        <TokenButtonForm token={loaderData.token} label="Unsubscribe" busyLabel="Unsubscribing…" />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="font-serif text-4xl font-bold leading-tight">Unsubscribe</h1>
      {body}
    </div>
  );
}
