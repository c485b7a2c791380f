import { Link } from "react-router";
import { usePublication } from "#app/components/layout/publication.ts";
import { Island } from "#app/components/ui/Island.tsx";
import FaqIsland from "#app/islands/faq.tsx";
import FaqAi from "#app/islands/faq-ai.tsx";
import { isFaqFilter } from "#app/lib/faq.ts";
import { publicationFrom, seo } from "#app/lib/seo.ts";
import { type Faq, faqsFor } from "#content/faqs.ts";
import { aiService } from "#content/site.ts";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { publicationContext, servicesContext } from "#server/http/request-context.server.ts";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, {
    title: "Frequently Asked Questions",
    description: `Answers about ${publicationFrom(args.matches).title} and about electric vehicles: charging times, tax credits, batteries and more.`,
    path: "/faq",
  }),
  { "script:ld+json": faqJsonLd(args.loaderData?.faqs ?? []) },
];

/**
 * The FAQs come through the loader (in the HTML, not in a script chunk). The browser calls the AI
 * service itself, so it needs the configured endpoint and model too. The filter form is a GET
 * form: its search and category filter the list on the server, and are the island's first state.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { identity } = context.get(publicationContext);
  return {
    faqs: faqsFor(identity),
    ai: { ...aiService(context.get(servicesContext).config), publication: identity.title },
    query: params.get("q") ?? "",
    // Without JavaScript a clicked category follows the hidden current one in the query: the last wins.
    category: params.getAll("category").filter(isFaqFilter).at(-1) ?? "All",
  };
}

export function headers() {
  return { "Cache-Control": CACHE.stable };
}

/** Structured data for our own FAQs (generated ones exist only in a reader's page). */
function faqJsonLd(items: readonly Faq[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.answer },
    })),
  };
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const identity = usePublication();
  const { faqs, ai, query, category } = loaderData;

  return (
    <article aria-labelledby="faq-title" className="mx-auto max-w-3xl">
      <header className="border-b border-line pb-6">
        <h1 id="faq-title" className="font-serif text-4xl font-bold leading-tight sm:text-5xl">
          Frequently Asked Questions
        </h1>
        <p className="mt-4 text-lg text-muted">
          Quick answers about {identity.title} and about driving and charging electric: costs, incentives,
          batteries and where our news comes from.
        </p>
      </header>

      <Island name="faq" component={FaqIsland} props={{ faqs, query, category, serviceName: ai.name }} />

      <aside
        aria-labelledby="faq-contact-title"
        className="mt-10 flex flex-col gap-3 rounded-lg border border-line p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="faq-contact-title" className="font-serif text-xl font-bold">
            Still have a question?
          </h2>
          <p className="mt-1 text-muted">Our newsroom reads every message.</p>
        </div>
        <Link
          to="/contact"
          className="inline-flex items-center justify-center gap-2 rounded bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-strong"
        >
          Contact us
        </Link>
      </aside>

      {/* At the foot of the page: its script loads when the reader nears it. A box of its own
          (not display: contents), so that nearness can be observed. */}
      <Island
        name="faq-ai"
        component={FaqAi}
        load="visible"
        props={{ service: ai, items: faqs }}
        className="block"
      />
    </article>
  );
}
