import { privacyPage } from "../../content/pages.ts";
import { StaticPage } from "../components/pages/StaticPage.tsx";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: privacyPage.title, description: privacyPage.description });

export default function Privacy() {
  return <StaticPage page={privacyPage} />;
}
