import { data, Link, redirect } from "react-router";
import { usePublication } from "#app/components/layout/publication.ts";
import { Island } from "#app/components/ui/Island.tsx";
import ContactForm from "#app/islands/contact.tsx";
import { publicationFrom, seo } from "#app/lib/seo.ts";
import { type ContactResult, SENT_TEXT, SENT_TITLE } from "#domain/contact.ts";
import { answerContact } from "#server/forms/contact-request.server.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Contact Us",
    description: `Write to ${publicationFrom(args.matches).title}'s newsroom: news tips, partnerships, feedback and press releases. News tips get a reply within 24 hours.`,
    path: "/contact",
  });

/** A fresh one-time send id per page view, and whether we come back from a send without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return data({ sendId: crypto.randomUUID(), sent }, { headers: { "Cache-Control": CACHE.private } });
}

/** A refused message's Retry-After (429) reaches the reader's browser on a plain form post too. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

/**
 * The form posted without JavaScript (with it, the form's script posts to /api/contact, which
 * answers the same). A sent message is answered with a redirect, so reloading the page posts nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = await answerContact(request, context);
  if (reply.body.ok) return redirect("/contact?sent=1", 303);
  return data(reply.body, { status: reply.status, headers: reply.headers });
}

export default function Contact({ actionData, loaderData }: Route.ComponentProps) {
  const identity = usePublication();
  const sent: ContactResult | undefined = loaderData.sent
    ? { ok: true, title: SENT_TITLE, message: SENT_TEXT }
    : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <header className="border-b border-line pb-6">
        <h1 className="font-serif text-4xl font-bold leading-tight sm:text-5xl">Contact Us</h1>
        <p className="mt-4 max-w-3xl text-lg text-muted">
          Send a news tip, propose a partnership, share feedback or send us a press release. Every message
          reaches our editorial team.
        </p>
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="sr-only">
            Your message
          </h2>
          <Island
            name="contact"
            component={ContactForm}
            props={{ fallback: actionData ?? sent, sendId: loaderData.sendId }}
            load="load"
          />
        </section>
        <aside aria-labelledby="contact-times-title" className="lg:border-l lg:border-line lg:pl-8">
          <h2 id="contact-times-title" className="font-serif text-2xl font-bold">
            When we reply
          </h2>
          <ul className="mt-4 grid gap-4">
            <li>
              <p>
                <strong>News tips</strong> go straight to the newsroom, which replies within{" "}
                <strong>24 hours</strong>.
              </p>
            </li>
            <li>
              <p>
                <strong>Partnerships, feedback, press releases</strong> and general questions get a reply
                within <strong>24–48 hours</strong>.
              </p>
            </li>
            <li>
              <p>
                Prefer email? Write to
                <br />
                <a className="link [overflow-wrap:anywhere]" href={`mailto:${identity.newsroomEmail}`}>
                  {identity.newsroomEmail}
                </a>
              </p>
            </li>
          </ul>
          <p className="mt-6 text-sm text-muted">
            We keep your name, email and message only to answer you. See our{" "}
            <Link to="/privacy" className="link">
              Privacy Policy
            </Link>
            .
          </p>
        </aside>
      </div>
    </div>
  );
}
