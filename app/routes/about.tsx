import { aboutPage } from "../../content/pages.ts";
import { StaticPage } from "../components/pages/StaticPage.tsx";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: aboutPage.title, description: aboutPage.description });

export default function About() {
  return <StaticPage page={aboutPage} />;
}
