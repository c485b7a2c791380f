/**
 * The feed engine's command line (`npm run -s feeds -- <command>`). JSON goes to stdout; errors, in
 * the error catalogue's words, go to stderr; the exit code is non-zero on failure.
 *
 *   parse <file-or-url> [--section KEY]   the Articles one feed gives (section default: local)
 *   section KEY [--limit N]               a section's articles, fetched live from its feeds
 *   refresh                               refresh every feed into the store the server uses
 *   status                                every feed's health, from the store
 *
 * refresh and status never delete: a FEEDS_CONFIG other than the servers' adds its feeds and leaves
 * the others (and their articles) alone; only a server's start makes the store match its list, and
 * only the servers prune the archive (by their own ARTICLE_RETENTION_DAYS).
 */
import { parseArgs } from "node:util";
import { isFeedSectionKey } from "#domain/sections.ts";
import { type Config, getConfig } from "#server/config.server.ts";
import { errorMessage, UnknownSectionError } from "#server/ingest/errors.ts";
import { loadFeedsConfig } from "#server/ingest/feeds-config.server.ts";
import { feedUserAgent } from "#server/ingest/fetch.server.ts";
import { readFeed, readFeedFile } from "#server/ingest/read-feed.server.ts";
import { createFeedEngine, type FeedEngine, feedEngineSettings } from "#server/news/engine.server.ts";
import { fetchSectionArticles } from "#server/news/live.server.ts";
import { buildSectionArticles, DEFAULT_SECTION_LIMIT } from "#server/news/section-articles.ts";
import { type OpenedStore, openStore, storeLocationFrom } from "#server/store/open.server.ts";

const USAGE = `Usage:
  feeds parse <file-or-url> [--section KEY]
  feeds section KEY [--limit N]
  feeds refresh
  feeds status`;

/** An error whose message is all the user needs (no stack). */
class UsageError extends Error {}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function sectionOption(value: string | undefined, fallback: string) {
  const section = value ?? fallback;
  if (!isFeedSectionKey(section)) throw new UnknownSectionError(section);
  return section;
}

function limitOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SECTION_LIMIT;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new UsageError("--limit must be a whole number of at least 1");
  return n;
}

async function parseCommand(target: string | undefined, sectionArg: string | undefined): Promise<number> {
  if (!target) throw new UsageError(USAGE);
  const section = sectionOption(sectionArg, "local");
  let items: Awaited<ReturnType<typeof readFeedFile>>["items"];
  if (/^https?:\/\//i.test(target)) {
    const config = getConfig();
    const result = await readFeed(target, {
      userAgent: feedUserAgent(config.SITE_URL),
      allowPrivate: config.FEEDS_ALLOW_PRIVATE === "on",
    });
    items = result.notModified ? [] : result.items;
  } else {
    items = (await readFeedFile(target)).items;
  }
  print(buildSectionArticles(section, [items], items.length));
  return 0;
}

async function sectionCommand(sectionArg: string | undefined, limitArg: string | undefined): Promise<number> {
  if (!sectionArg) throw new UsageError(USAGE);
  const config = getConfig();
  const { articles, errors } = await fetchSectionArticles(loadFeedsConfig(config.FEEDS_CONFIG), sectionArg, {
    limit: limitOption(limitArg),
    userAgent: feedUserAgent(config.SITE_URL),
    allowPrivate: config.FEEDS_ALLOW_PRIVATE === "on",
  });
  for (const { url, error } of errors) process.stderr.write(`${url}: ${error}\n`);
  print(articles);
  // Some feeds failing is the spec's "skipped"; all of them failing is a failure.
  return articles.length === 0 && errors.length > 0 ? 1 : 0;
}

/**
 * The server's store and an engine on it that never deletes (see above), for `use`; both closed
 * after it.
 */
async function withEngine<T>(
  onStoreChange: ((sections: string[]) => void) | undefined,
  use: (engine: FeedEngine, opened: OpenedStore) => Promise<T>,
): Promise<T> {
  const config: Config = getConfig();
  const opened = openStore(storeLocationFrom(config));
  const engine = createFeedEngine({
    ...feedEngineSettings(config),
    store: opened,
    logger: quietLogger,
    pruneUnlisted: false,
    pruneArchive: false,
    ...(onStoreChange ? { onStoreChange } : {}),
  });
  try {
    return await use(engine, opened);
  } finally {
    await engine.stop();
    await opened.store.close();
  }
}

async function refreshCommand(): Promise<number> {
  const changed = new Set<string>();
  return withEngine(
    (sections) => {
      for (const s of sections) changed.add(s);
    },
    async (engine, opened) => {
      const outcomes = await engine.refreshAll();
      // Where processes share the store, their page caches hear of the change (as from a server's own refresh).
      await opened
        .announcePageChanges([...changed])
        .catch((error: Error) =>
          process.stderr.write(`Could not tell the servers of the change: ${error.message}\n`),
        );
      for (const o of outcomes) if (o.status === "failed") process.stderr.write(`${o.url}: ${o.error}\n`);
      print(outcomes);
      return outcomes.some((o) => o.status === "failed") ? 1 : 0;
    },
  );
}

async function statusCommand(): Promise<number> {
  return withEngine(undefined, async (engine) => {
    print(await engine.health());
    return 0;
  });
}

// The CLI reports through stdout/stderr; the engine's own log lines would only repeat them.
const quietLogger = { debug() {}, info() {}, warn() {}, error() {} };

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { section: { type: "string" }, limit: { type: "string" } },
  });
  const [command, arg] = positionals;
  switch (command) {
    case "parse":
      return parseCommand(arg, values.section);
    case "section":
      return sectionCommand(arg, values.limit);
    case "refresh":
      return refreshCommand();
    case "status":
      return statusCommand();
    default:
      throw new UsageError(USAGE);
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${errorMessage(error)}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
