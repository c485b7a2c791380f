import type { PublicationIdentity } from "#domain/publication.ts";
import { bundledIdentity, bundledPublication } from "./bundled.server.ts";
import { createHostMap, type HostMap } from "./hosts.ts";
import {
  type PublicationProblem,
  readPublicationsDir,
  type Signatures,
  scanSignatures,
} from "./publication-dir.server.ts";
import type { Publication } from "./publication-file.ts";

type Log = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};

/** The publications at one moment: what a request resolves against (replaced whole on a change). */
export type PublicationsSnapshot = {
  /** Counts up with every change. */
  version: number;
  bySlug: ReadonlyMap<string, Publication>;
  /** Folders that serve nothing (or an older version), by name, with the reason. */
  problems: readonly PublicationProblem[];
  /**
   * Folders that serve nothing now: their stored rows stay (a typo in a folder must not delete
   * its feeds, articles or mail).
   */
  refused: readonly string[];
  /** The publication a Host header names: its own, else DEFAULT_PUBLICATION's, else none. */
  resolve(host: string | undefined): Publication | undefined;
};

export type Publications = {
  current(): PublicationsSnapshot;
  /** Whether publications come from PUBLICATIONS_DIR (else the bundled site serves every host). */
  readonly fromDir: boolean;
  /**
   * Reads PUBLICATIONS_DIR again if any folder changed (one stat each, then only the changed ones
   * read); listeners hear of a change. Resolves to whether anything changed.
   */
  reload(): Promise<boolean>;
  /** Reloads every `intervalMs` until stopped (a failed reload is logged and tried next time). */
  watch(intervalMs: number): { stop(): void };
  /** Called after every change with the new and the previous snapshot. */
  onChange(listener: (now: PublicationsSnapshot, before: PublicationsSnapshot) => void): void;
};

export type PublicationsOptions = {
  /** PUBLICATIONS_DIR; unset, the bundled site is the one publication, on every host. */
  dir?: string;
  /** DEFAULT_PUBLICATION: the slug that answers hosts no publication names. */
  defaultSlug?: string;
  /** FEEDS_CONFIG: the bundled publication's feed list (content/feeds.json when unset). */
  feedsConfig?: string;
  base?: PublicationIdentity;
  log: Log;
};

function snapshotOf(
  version: number,
  publications: readonly Publication[],
  problems: readonly PublicationProblem[],
  fallback: Publication | undefined,
): PublicationsSnapshot {
  const bySlug = new Map(publications.map((p) => [p.slug, p]));
  const hosts: HostMap<Publication> = createHostMap(publications.map((p) => [p.hosts, p] as const));
  return {
    version,
    bySlug,
    problems,
    refused: [...new Set(problems.map((p) => p.slug).filter((slug) => !bySlug.has(slug)))],
    resolve: (host) => hosts.resolve(host) ?? fallback,
  };
}

/**
 * The deployment's publications, from PUBLICATIONS_DIR (one folder each) or the bundled site.
 * Reading the directory at start throws only when it cannot be read at all; a malformed folder is
 * logged by name with its reason and the others serve.
 */
export function createPublications(options: PublicationsOptions): Publications {
  const { dir, log } = options;
  const base = options.base ?? bundledIdentity;
  const listeners: ((now: PublicationsSnapshot, before: PublicationsSnapshot) => void)[] = [];

  if (dir === undefined) {
    const only = bundledPublication(options.feedsConfig);
    const snapshot = snapshotOf(1, [only], [], only);
    return {
      current: () => snapshot,
      fromDir: false,
      reload: async () => false,
      watch: () => ({ stop() {} }),
      onChange: () => {},
    };
  }

  let signatures: Signatures = new Map();
  let reportedProblems = new Set<string>();

  function build(version: number, previous?: PublicationsSnapshot): PublicationsSnapshot {
    const reading = readPublicationsDir(
      dir as string,
      base,
      previous ? { signatures, publications: previous.bySlug } : undefined,
    );
    signatures = reading.signatures;
    // Each problem is logged once, when it appears (a reload every minute must not repeat them).
    const now = new Set<string>();
    for (const p of reading.problems) {
      const key = `${p.slug}\u0000${p.reason}`;
      now.add(key);
      if (!reportedProblems.has(key))
        log.warn(
          { publication: p.slug, reason: p.reason },
          `publication "${p.slug}" not served as it is: ${p.reason}`,
        );
    }
    reportedProblems = now;
    let fallback: Publication | undefined;
    if (options.defaultSlug !== undefined) {
      fallback = reading.publications.find((p) => p.slug === options.defaultSlug);
      if (!fallback)
        log.warn(
          { publication: options.defaultSlug },
          `DEFAULT_PUBLICATION names "${options.defaultSlug}", which is not served: unknown hosts get 404`,
        );
    }
    return snapshotOf(version, reading.publications, reading.problems, fallback);
  }

  let snapshot = build(1);
  log.info(
    { publications: snapshot.bySlug.size, problems: snapshot.problems.length },
    `serving ${snapshot.bySlug.size} publication(s) from ${dir}`,
  );
  let reloading: Promise<boolean> | undefined;

  async function reloadOnce(): Promise<boolean> {
    const scanned = await scanSignatures(dir as string);
    const same =
      scanned.size === signatures.size && [...scanned].every(([slug, sig]) => signatures.get(slug) === sig);
    if (same) return false;
    const before = snapshot;
    snapshot = build(before.version + 1, before);
    const added = [...snapshot.bySlug.keys()].filter((s) => !before.bySlug.has(s));
    const removed = [...before.bySlug.keys()].filter((s) => !snapshot.bySlug.has(s));
    log.info(
      { publications: snapshot.bySlug.size, added: added.slice(0, 20), removed: removed.slice(0, 20) },
      "publications reloaded",
    );
    for (const listener of listeners) listener(snapshot, before);
    return true;
  }

  return {
    current: () => snapshot,
    fromDir: true,
    reload() {
      // One reload at a time: a SIGHUP during the minute's reload joins it.
      reloading ??= reloadOnce().finally(() => {
        reloading = undefined;
      });
      return reloading;
    },
    watch(intervalMs) {
      const timer = setInterval(() => {
        this.reload().catch((error: unknown) =>
          log.warn({ err: String(error) }, "publications not reloaded; trying again at the next check"),
        );
      }, intervalMs);
      timer.unref();
      return { stop: () => clearInterval(timer) };
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
