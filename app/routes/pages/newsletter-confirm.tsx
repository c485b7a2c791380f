import { data, Link } from "react-router";
import { TokenButtonForm } from "#app/components/ui/TokenButtonForm.tsx";
import { seo } from "#app/lib/seo.ts";
import { confirmableToken, confirmNewsletter } from "#server/forms/newsletter.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext, servicesContext } from "#server/http/request-context.server.ts";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Confirm your subscription", path: "/newsletter/confirm", noindex: true });

export function headers() {
  return { "Cache-Control": CACHE.none };
}

// Opening the link only shows a button: mail scanners that fetch links must not subscribe anyone.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { subscribers } = context
    .get(servicesContext)
    .store.publication(context.get(publicationContext).publication.slug);
  return { token: await confirmableToken(subscribers, new URL(request.url).searchParams.get("token")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const { subscribers } = context
    .get(servicesContext)
    .store.publication(context.get(publicationContext).publication.slug);
  const confirmed = await confirmNewsletter(subscribers, form.get("token"));
  return data({ confirmed }, { status: confirmed ? 200 : 404, headers: { "Cache-Control": CACHE.none } });
}

function Expired() {
  return (
    <>
      <p className="mt-4 text-lg">
        This confirmation link has expired or has already been used. Links work for a week.
      </p>
      <p className="mt-4">
        <Link to="/#newsletter-email" className="font-semibold text-[var(--link)] underline">
          Sign up again on the home page
        </Link>
      </p>
    </>
  );
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  let body: React.ReactNode;
  if (actionData?.confirmed) {
    body = (
      <p className="mt-4 text-lg" role="status">
        You're subscribed. Our daily edition will reach you each morning; every edition has a link to
        unsubscribe.
      </p>
    );
  } else if (actionData || !loaderData.token) {
    body = <Expired />;
  } else {
    body = (
      <>
        <p className="mt-4 text-lg">One click to start receiving our daily edition.</p>
        <TokenButtonForm token={loaderData.token} label="Confirm subscription" busyLabel="Confirming…" />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="font-serif text-4xl font-bold leading-tight">Confirm your subscription</h1>
      {body}
    </div>
  );
}
