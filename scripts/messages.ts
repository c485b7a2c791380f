/**
 * The newsroom's inbox from /contact:
 *   npm run -s messages -- list [--json]     newest first, readable (or as JSON)
 *   npm run -s messages -- export --csv      every message as CSV on standard output
 * Reads the store the server uses (openStoreFromEnv in lib/cli.ts); safe to run while the server is up.
 */

import type { StoredMessage } from "#server/store/store.ts";
import { fail, openStoreFromEnv, publicationsOption } from "./lib/cli.ts";
import { toCsv } from "./lib/csv.ts";
import { escapeControls, escapeJsonControls } from "./lib/terminal.ts";

const USAGE = `Usage:
  npm run -s messages -- list [--json] [--publication <slug>]
  npm run -s messages -- export --csv [--publication <slug>]
With PUBLICATIONS_DIR set, every publication's messages unless --publication names one.`;

const CSV_HEADER = ["id", "created_at", "name", "email", "category", "subject", "message"];

function readable(messages: StoredMessage[]): string {
  if (messages.length === 0) return "No messages yet.";
  const blocks = messages.map((m) => {
    const when = `${m.createdAt.slice(0, 16).replace("T", " ")} UTC`;
    // Readers wrote these: show control characters, never let the terminal obey them.
    const line = (text: string) => escapeControls(text, false);
    const body = escapeControls(m.message)
      .split("\n")
      .map((line) => `    ${line}`)
      .join("\n");
    return [
      `#${m.id}  ${when}  ${m.category ?? "no category"}`,
      `  From:    ${line(m.name)} <${line(m.email)}>`,
      `  Subject: ${line(m.subject)}`,
      body,
    ].join("\n");
  });
  const count = `${messages.length} ${messages.length === 1 ? "message" : "messages"}, newest first`;
  return `${count}\n\n${blocks.join("\n\n")}`;
}

const { slugs, fromDir: many, rest } = publicationsOption(process.argv.slice(2));
const [command, ...flags] = rest;
const known: Record<string, string[]> = { list: ["--json"], export: ["--csv"] };
if (!command || !(command in known)) fail(USAGE);
const unknown = flags.filter((f) => !known[command]?.includes(f));
if (unknown.length) fail(`Unknown option ${unknown.join(" ")}\n${USAGE}`);
if (command === "export" && !flags.includes("--csv")) fail(`export needs a format: --csv\n${USAGE}`);

const store = await openStoreFromEnv();
try {
  const lists = await Promise.all(slugs.map((slug) => store.publication(slug).messages.list()));
  const messages = lists.flatMap((list, i) =>
    list.map((m) => (many ? { publication: slugs[i] as string, ...m } : m)),
  );
  if (command === "export") {
    process.stdout.write(
      toCsv(
        many ? ["publication", ...CSV_HEADER] : CSV_HEADER,
        messages.map((m) => [
          ...("publication" in m ? [m.publication] : []),
          m.id,
          m.createdAt,
          escapeControls(m.name),
          escapeControls(m.email),
          m.category,
          escapeControls(m.subject),
          escapeControls(m.message),
        ]),
      ),
    );
  } else if (flags.includes("--json")) {
    process.stdout.write(`${escapeJsonControls(JSON.stringify(messages, null, 2))}\n`);
  } else if (!many) {
    process.stdout.write(`${readable(messages)}\n`);
  } else {
    // One block per publication, each newest first.
    const blocks = lists.map((list, i) => `== ${slugs[i]} ==\n${readable(list)}`);
    process.stdout.write(`${blocks.join("\n\n") || "No publications."}\n`);
  }
} finally {
  await store.close();
}
