import { site } from "../../content/site.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: site.title, description: site.description });

export default function Home() {
  return (
    <div>
      <h1 className="sr-only">{site.title}: today's headlines</h1>
    </div>
  );
}
