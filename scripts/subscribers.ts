/**
 * The newsletter's sign-ups from the home page:
 *   npm run -s subscribers -- list [--json]   oldest first, one address a line (or as JSON)
 * A pending address has not confirmed yet: its line carries its confirmation link (the one its
 * confirmation mail carries) and when it expires. Reads DATA_DIR (default ./data) and SITE_URL like
 * the server; safe to run while the server is up.
 */

import { parseConfig } from "#server/config.server.ts";
import { confirmLink } from "#server/forms/newsletter.server.ts";
import { publicationSiteUrl } from "#server/publications/request.server.ts";
import { fail, openStoreFromEnv, publicationsOption } from "./lib/cli.ts";

const USAGE =
  "Usage:\n  npm run -s subscribers -- list [--json] [--publication <slug>]\nWith PUBLICATIONS_DIR set, every publication's addresses unless --publication names one.";

const { slugs, fromDir: many, served, rest } = publicationsOption(process.argv.slice(2));
const [command, ...flags] = rest;
if (command !== "list") fail(USAGE);
const unknown = flags.filter((f) => f !== "--json");
if (unknown.length) fail(`Unknown option ${unknown.join(" ")}\n${USAGE}`);

const store = await openStoreFromEnv();
const config = parseConfig(process.env);
// A pending address's link is on its own publication's host (the directory was read once, above).
const addressOf = (slug: string) => {
  const p = served.get(slug);
  return p ? publicationSiteUrl(p, config.SITE_URL, true) : config.SITE_URL;
};
try {
  const subscribers = (
    await Promise.all(
      slugs.map(async (slug) => {
        const siteUrl = addressOf(slug);
        return (await store.publication(slug).subscribers.list()).map(({ token, ...s }) => ({
          ...(many ? { publication: slug } : {}),
          ...s,
          confirmLink: token ? confirmLink(siteUrl, token) : null,
        }));
      }),
    )
  ).flat();
  if (flags.includes("--json")) {
    process.stdout.write(`${JSON.stringify(subscribers, null, 2)}\n`);
  } else if (subscribers.length === 0) {
    process.stdout.write("No subscribers yet.\n");
  } else {
    const pending = subscribers.filter((s) => s.status === "pending").length;
    const lines = subscribers.map((s) => {
      const who = "publication" in s ? `${s.publication}\t` : "";
      return s.status === "confirmed"
        ? `${who}${s.email}\tconfirmed\t${s.createdAt}`
        : `${who}${s.email}\tpending\t${s.createdAt}\texpires ${s.expiresAt}\t${s.confirmLink}`;
    });
    const noun = subscribers.length === 1 ? "address" : "addresses";
    process.stdout.write(
      `${subscribers.length} ${noun}: ${subscribers.length - pending} confirmed, ${pending} pending\n${lines.join("\n")}\n`,
    );
  }
} finally {
  await store.close();
}
