/**
 * The newsletter's sign-ups from the home page:
 *   npm run -s subscribers -- list [--json]   oldest first, one address a line (or as JSON)
 * Reads DATA_DIR (default ./data) like the server; safe to run while the server is up.
 */
import { type Config, ConfigError, parseConfig } from "../server/config.server.ts";
import { openDatabase } from "../server/store/db.server.ts";
import { listSubscribers } from "../server/store/subscribers.server.ts";

const USAGE = "Usage:\n  npm run -s subscribers -- list [--json]";

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const [command, ...flags] = process.argv.slice(2);
if (command !== "list") fail(USAGE);
const unknown = flags.filter((f) => f !== "--json");
if (unknown.length) fail(`Unknown option ${unknown.join(" ")}\n${USAGE}`);

let config: Config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message, 1);
  throw error;
}

const db = openDatabase(config.DATA_DIR);
try {
  const subscribers = listSubscribers(db);
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
  db.close();
}
