/**
 * The network's publications (PUBLICATIONS_DIR, one folder each):
 *   npm run -s publications -- check [dir]    validates every folder; exit 1 when any is refused
 *   npm run -s publications -- list [dir]     slug, hosts, sections and feeds of each served one
 * `dir` defaults to PUBLICATIONS_DIR. Reads files only: safe to run beside the servers, which
 * take a changed folder within a minute (at once on SIGHUP).
 */

import { bundledIdentity } from "#server/publications/bundled.server.ts";
import { readPublicationsDir } from "#server/publications/publication-dir.server.ts";
import { PublicationError } from "#server/publications/publication-file.ts";
import { fail } from "./lib/cli.ts";
import { escapeControls } from "./lib/terminal.ts";

const USAGE = `Usage:
  npm run -s publications -- check [dir]
  npm run -s publications -- list [dir]
dir defaults to PUBLICATIONS_DIR.`;

const [command, dirArg, ...rest] = process.argv.slice(2);
if (command !== "check" && command !== "list") fail(USAGE);
if (rest.length > 0) fail(`Unexpected ${rest.join(" ")}\n${USAGE}`);
const dir = dirArg ?? process.env.PUBLICATIONS_DIR;
if (!dir) fail(`No directory: give one, or set PUBLICATIONS_DIR.\n${USAGE}`);

let reading: ReturnType<typeof readPublicationsDir>;
try {
  reading = readPublicationsDir(dir, bundledIdentity);
} catch (error) {
  if (error instanceof PublicationError) fail(error.message, 1);
  throw error;
}
const { publications, problems } = reading;
// Folder names and reasons quote what operators wrote: shown, never obeyed by the terminal.
const line = (text: string) => escapeControls(text, false);

if (command === "list") {
  for (const p of publications) {
    const feeds = new Set([...p.feeds.values()].flat()).size;
    console.log(
      `${p.slug}\t${line(p.identity.title)}\t${p.hosts.join(",")}\t${p.feeds.size} sections\t${feeds} feeds`,
    );
  }
}
for (const p of problems) console.error(`${line(p.slug)}: ${line(p.reason)}`);
const feeds = new Set(publications.flatMap((p) => [...p.feeds.values()].flat())).size;
const summary = `${publications.length} publication(s) valid, ${problems.length} refused; ${feeds} distinct feed URL(s)`;
if (command === "check") console.log(summary);
else console.error(summary);
process.exit(problems.length > 0 ? 1 : 0);
