import { describe, expect, it } from "vitest";
import { absolutizeHtml, markdownWords, renderMarkdown } from "./markdown.server.ts";

describe("renderMarkdown", () => {
  it("renders markdown: headings (h1 becomes h2), lists, emphasis, tables", () => {
    const html = renderMarkdown(
      "# Top\n\n## Part\n\n- **one**\n- *two*\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
    );
    expect(html).toContain("<h2>Top</h2>");
    expect(html).toContain("<h2>Part</h2>");
    expect(html).toContain("<li><strong>one</strong></li>");
    expect(html).toContain("<em>two</em>");
    expect(html).toContain(
      '<div class="overflow-x-auto" role="region" aria-label="Table" tabindex="0"><table>',
    );
    expect(html).toContain("</table></div>");
  });

  it("removes scripts, event handlers, styles, iframes and unknown attributes", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><p onclick="x()" style="color:red" class="c">Hi</p><iframe src="https://evil.example"></iframe><img src="/images/a.png" onerror="x()">',
    );
    expect(html).not.toMatch(/script|onclick|onerror|style=|class="c"|iframe|alert/);
    expect(html).toContain("<p>Hi</p>");
  });

  it("keeps only http(s) and relative links; external ones open safely in a new tab", () => {
    const html = renderMarkdown(
      "[ext](https://example.org/a) [rel](/faq) [frag](#x) [js](javascript:alert(1)) [data](data:text/html,hi) [mail](mailto:a@b.c) [proto](//evil.example/x)",
    );
    expect(html).toContain(
      '<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">ext</a>',
    );
    expect(html).toContain('<a href="/faq">rel</a>');
    expect(html).toContain('<a href="#x">frag</a>');
    expect(html).not.toMatch(/javascript:|data:|mailto:|\/\/evil/);
  });

  it("an author's own target or rel on a local link is dropped", () => {
    const html = renderMarkdown('<a href="/blog" target="_top" rel="opener">x</a>');
    expect(html).toBe('<p><a href="/blog">x</a></p>');
  });

  it("keeps local images (lazy) and drops images from other sites", () => {
    const html = renderMarkdown("![A chart](/images/blog/a.png) ![remote](https://cdn.example/b.png)");
    expect(html).toContain('<img src="/images/blog/a.png" alt="A chart" loading="lazy" decoding="async" />');
    expect(html).not.toContain("cdn.example");
  });
});

describe("absolutizeHtml", () => {
  it("makes site-relative links and images absolute, leaving others", () => {
    expect(
      absolutizeHtml(
        '<a href="/faq">f</a><img src="/i.png" alt="" /><a href="https://x.example/">x</a><a href="#top">t</a>',
        "https://news.example",
      ),
    ).toBe(
      '<a href="https://news.example/faq">f</a><img src="https://news.example/i.png" alt="" /><a href="https://x.example/">x</a><a href="#top">t</a>',
    );
  });
});

describe("markdownWords", () => {
  it("counts the words a reader reads, not the markup", () => {
    expect(
      markdownWords("## Two words\n\nA [linked phrase](https://x.example/long/url) here. ![img](/a.png)"),
    ).toBe(6);
  });
});
