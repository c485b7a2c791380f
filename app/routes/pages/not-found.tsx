import { data } from "react-router";
import { logger } from "#server/logger.server.ts";
import type { Route } from "./+types/not-found";

// Any unknown path: log it, answer 404, and let the root error boundary show the page.
export function loader({ url }: Route.LoaderArgs) {
  logger.warn({ path: url.pathname.slice(0, 500) }, "page not found");
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFoundRoute() {
  return null;
}
