import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { SECTIONS } from "./lib/sections.ts";

// Mirrors the spec's route table. A section page is one module; the path fixes the section.
export default [
  index("routes/home.tsx"),
  ...SECTIONS.map((s) => route(s.key, "routes/section.tsx", { id: `section-${s.key}` })),
  route("partners", "routes/partners.tsx"),
  route("about", "routes/about.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("books", "routes/books.tsx"),
  route("_test/error", "routes/test-error.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
