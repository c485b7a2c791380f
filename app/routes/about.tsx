import { aboutPage } from "../../content/pages.ts";
import { StaticPage } from "../components/pages/StaticPage.tsx";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/about";

// The text comes through the loader, so it is in the HTML but not in a script chunk.
export function loader() {
  return { page: aboutPage };
}

export function headers() {
  return { "Cache-Control": "public, max-age=300, stale-while-revalidate=3600" };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.loaderData?.page.title ?? "About",
    description: args.loaderData?.page.description,
  });

export default function About({ loaderData }: Route.ComponentProps) {
  return <StaticPage page={loaderData.page} />;
}
