import { data } from "react-router";
import { isSectionKey, sectionDisplayName } from "../lib/sections.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/section";

function sectionKeyOf(request: Request): string {
  return new URL(request.url).pathname.split("/")[1] ?? "";
}

export function loader({ request }: Route.LoaderArgs) {
  const key = sectionKeyOf(request);
  if (!isSectionKey(key)) throw data(null, { status: 404 });
  return { key, name: sectionDisplayName(key) };
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: args.loaderData?.name ?? "Section" });

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="font-serif text-4xl font-bold">{loaderData.name}</h1>
    </div>
  );
}
