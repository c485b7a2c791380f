import { termsPage } from "../../content/pages.ts";
import { StaticPage } from "../components/pages/StaticPage.tsx";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: termsPage.title, description: termsPage.description });

export default function Terms() {
  return <StaticPage page={termsPage} />;
}
