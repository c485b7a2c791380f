/**
 * The newsletter's sign-ups from the home page:
 *   npm run -s subscribers -- list [--json]   oldest first, one address a line (or as JSON)
 * Reads DATA_DIR (default ./data) like the server; safe to run while the server is up.
 */

import { fail, openStoreFromEnv } from "./lib/cli.ts";

const USAGE = "Usage:\n  npm run -s subscribers -- list [--json]";

const [command, ...flags] = process.argv.slice(2);
if (command !== "list") fail(USAGE);
const unknown = flags.filter((f) => f !== "--json");
if (unknown.length) fail(`Unknown option ${unknown.join(" ")}\n${USAGE}`);

const store = openStoreFromEnv();
try {
  const subscribers = await store.subscribers.list();
  if (flags.includes("--json")) {
    process.stdout.write(`${JSON.stringify(subscribers, null, 2)}\n`);
  } else if (subscribers.length === 0) {
    process.stdout.write("No subscribers yet.\n");
  } else {
    const lines = subscribers.map((s) => `${s.email}\t${s.createdAt}`);
    const noun = subscribers.length === 1 ? "subscriber" : "subscribers";
    process.stdout.write(`${subscribers.length} ${noun}\n${lines.join("\n")}\n`);
  }
} finally {
  await store.close();
}
