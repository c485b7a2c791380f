import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { SECTIONS } from "#domain/sections.ts";

// Mirrors the spec's route table. A section page is one module; the path fixes the section.
export default [
  index("routes/news/home.tsx"),
  ...SECTIONS.map((s) => route(s.key, "routes/news/section.tsx", { id: `section-${s.key}` })),
  route("search", "routes/news/search.tsx"),
  route("partners", "routes/pages/partners.tsx"),
  // About, Privacy and Terms: one module for the long-form pages, mounted once per path.
  ...["about", "privacy", "terms"].map((page) =>
    route(page, "routes/pages/long-form.tsx", { id: `page-${page}` }),
  ),
  route("books", "routes/pages/books.tsx"),
  route("_test/error", "routes/dev/test-error.tsx"),
  route("radio", "routes/pages/radio.tsx"),
  route("faq", "routes/pages/faq.tsx"),
  route("contact", "routes/pages/contact.tsx"),
  // The contact form's script posts here and reads the result as JSON.
  route("api/contact", "routes/api/contact.ts"),
  route("newsletter/confirm", "routes/pages/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/pages/newsletter-unsubscribe.tsx"),
  // Publishing: our own posts, the generated files and the two tools.
  route("blog", "routes/publishing/blog.tsx"),
  route("blog/:slug", "routes/publishing/blog-post.tsx"),
  route("rss.xml", "routes/files/rss[.]xml.ts"),
  route("sitemap.xml", "routes/files/sitemap[.]xml.ts"),
  route("news-sitemap.xml", "routes/files/news-sitemap[.]xml.ts"),
  route("robots.txt", "routes/files/robots[.]txt.ts"),
  route("llms.txt", "routes/files/llms[.]txt.ts"),
  route("rss-manager", "routes/publishing/rss-manager.tsx"),
  route("rss-manager/regenerate", "routes/publishing/rss-regenerate.ts"),
  route("sitemap-manager", "routes/publishing/sitemap-manager.tsx"),
  route("*", "routes/pages/not-found.tsx"),
] satisfies RouteConfig;
