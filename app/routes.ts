import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { SECTIONS } from "./lib/sections.ts";

// Mirrors the spec's route table. A section page is one module; the path fixes the section.
export default [
  index("routes/home.tsx"),
  ...SECTIONS.map((s) => route(s.key, "routes/section.tsx", { id: `section-${s.key}` })),
  route("search", "routes/search.tsx"),
  route("partners", "routes/partners.tsx"),
  // About, Privacy and Terms: one module for the long-form pages, mounted once per path.
  ...["about", "privacy", "terms"].map((page) => route(page, "routes/long-form.tsx", { id: `page-${page}` })),
  route("books", "routes/books.tsx"),
  route("_test/error", "routes/test-error.tsx"),
  route("radio", "routes/radio.tsx"),
  route("faq", "routes/faq.tsx"),
  route("contact", "routes/contact.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  // Publishing: our own posts, the generated files and the two tools.
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("rss.xml", "routes/rss[.]xml.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("news-sitemap.xml", "routes/news-sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("llms.txt", "routes/llms[.]txt.ts"),
  route("rss-manager", "routes/rss-manager.tsx"),
  route("rss-manager/regenerate", "routes/rss-regenerate.ts"),
  route("sitemap-manager", "routes/sitemap-manager.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
