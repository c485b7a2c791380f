import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, breaks: false });

/** Absolute http(s) links leave the site; everything else allowed is relative to it. */
const ABSOLUTE = /^https?:\/\//i;
/** Site-relative paths only ("/images/…"): our CSP allows images from our own origin alone. */
const LOCAL_PATH = /^\/(?!\/)/;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "blockquote",
    "strong",
    "em",
    "b",
    "i",
    "del",
    "code",
    "pre",
    "sup",
    "sub",
    "abbr",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    abbr: ["title"],
    ol: ["start"],
    th: ["scope", "align"],
    td: ["align"],
  },
  // Links are http(s) or relative; no javascript:, data:, mailto: or protocol-relative URLs.
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page's title is the only h1: a "# heading" in a post becomes a section heading.
    h1: "h2",
    a: (tagName, attribs) => {
      const { target: _t, rel: _r, ...rest } = attribs;
      return {
        tagName,
        attribs: ABSOLUTE.test(rest.href ?? "")
          ? { ...rest, target: "_blank", rel: "noopener noreferrer" }
          : rest,
      };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? "", loading: "lazy", decoding: "async" },
    }),
  },
  // An image from another site would be blocked by the CSP: leave it out rather than show a hole.
  exclusiveFilter: (frame) => frame.tag === "img" && !LOCAL_PATH.test(frame.attribs.src ?? ""),
};

/**
 * A post's markdown as safe HTML: marked renders it (GitHub-flavoured, raw HTML passed through),
 * sanitize-html keeps only the tags and attributes above. Wide tables get a scrolling wrapper that
 * keyboard users can focus.
 */
export function renderMarkdown(markdown: string): string {
  const raw = marked.parse(markdown, { async: false }) as string;
  return sanitizeHtml(raw, SANITIZE)
    .replaceAll(
      "<table>",
      '<div class="overflow-x-auto" role="region" aria-label="Table" tabindex="0"><table>',
    )
    .replaceAll("</table>", "</table></div>")
    .trim();
}

/**
 * The same HTML with site-relative links and images made absolute, for places read away from the
 * site (a feed reader resolves "/faq" against nothing useful).
 */
export function absolutizeHtml(html: string, siteUrl: string): string {
  return html.replace(/(\s(?:href|src))="\/(?!\/)/g, `$1="${siteUrl}/`);
}

/** Plain words of some markdown, for counting (read time). */
export function markdownWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/[#>*_`|~-]/g, " ");
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
