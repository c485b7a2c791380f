import { data } from "react-router";
import { getConfig } from "#server/config.server.ts";

/** A deliberate rendering failure for the end-to-end tests; a 404 unless ENABLE_TEST_ROUTES=on. */
export function loader() {
  if (getConfig().ENABLE_TEST_ROUTES !== "on") throw data(null, { status: 404 });
  throw new Error("Deliberate test failure: secret-detail-42");
}

export default function TestError() {
  return null;
}
