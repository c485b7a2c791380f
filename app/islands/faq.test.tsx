import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { faqs } from "#content/faqs.ts";
import FaqIsland from "./faq.tsx";

const render = (query: string, category: "All" | "Charging") =>
  renderToString(<FaqIsland faqs={faqs} query={query} category={category} serviceName="Perplexity" />);

describe("the FAQ island's server HTML", () => {
  it("lists every FAQ as an exclusive, closed <details> with an h2 question", () => {
    const html = render("", "All");
    expect(html.match(/<details name="faq"/g)).toHaveLength(faqs.length);
    expect(html).not.toMatch(/<details[^>]* open/);
    for (const f of faqs) expect(html).toContain(`<h2>${f.question.replaceAll("'", "&#x27;")}</h2>`);
    expect(html).toContain(`Showing ${faqs.length} of ${faqs.length} FAQs`);
  });

  it("is filtered by the search and category the page was asked for, and the form keeps them", () => {
    const html = render("charg", "Charging");
    expect(html.match(/<details /g)).toHaveLength(1);
    expect(html).toContain(`Showing 1 of ${faqs.length} FAQs`);
    expect(html).toContain('value="charg"');
    expect(html).toContain('<input type="hidden" name="category" value="Charging"/>');
  });

  it("shows the empty state with a plain link back to every FAQ", () => {
    const html = render("zzz", "All");
    expect(html).toContain("No FAQs found matching your search criteria.");
    expect(html).toContain('href="/faq"');
  });
});
