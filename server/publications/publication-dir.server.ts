import { readdirSync, readFileSync, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { PublicationIdentity } from "#domain/publication.ts";
import {
  MAX_LOGO_BYTES,
  MAX_PUBLICATION_FILE_BYTES,
  type Publication,
  PublicationError,
  publicationFrom,
  SLUG,
} from "./publication-file.ts";

/** A folder that serves nothing, and why (its name and the reason, as the logs and the CLI say). */
export type PublicationProblem = { slug: string; reason: string };

export type DirReading = { publications: Publication[]; problems: PublicationProblem[] };

/**
 * What decides whether a folder must be read again: its publication.json's size and time, and the
 * folder's own time (a blog/ or a logo file added or removed changes it). The posts themselves are
 * the blog's library's to watch; a logo is read from its file at each request.
 */
export type Signatures = Map<string, string>;

const FILE = "publication.json";

function signatureOf(
  file: { size: number; mtimeMs: number } | undefined,
  folder: { mtimeMs: number } | undefined,
): string {
  return `${file ? `${file.size}:${file.mtimeMs}` : "-"}/${folder?.mtimeMs ?? "-"}`;
}

function fileSignature(folder: string): string {
  const safe = (path: string) => {
    try {
      return statSync(path);
    } catch {
      return undefined;
    }
  };
  return signatureOf(safe(join(folder, FILE)), safe(folder));
}

/** Every folder's signature (one stat of its publication.json), asynchronously: the reload's cheap check. */
export async function scanSignatures(dir: string): Promise<Signatures> {
  const root = resolve(dir);
  const out: Signatures = new Map();
  const entries = await readdir(root, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory() && !e.name.startsWith("."));
  // A few at a time: 3,000 folders must not open 3,000 files at once.
  for (let i = 0; i < folders.length; i += 64) {
    await Promise.all(
      folders.slice(i, i + 64).map(async (e) => {
        const [file, folder] = await Promise.all([
          stat(join(root, e.name, FILE)).catch(() => undefined),
          stat(join(root, e.name)).catch(() => undefined),
        ]);
        out.set(e.name, signatureOf(file, folder));
      }),
    );
  }
  return out;
}

/** One folder, read and checked; throws PublicationError with the reason. */
export function readPublicationFolder(dir: string, slug: string, base: PublicationIdentity): Publication {
  if (!SLUG.test(slug))
    throw new PublicationError(
      "a folder's name is its slug: lower-case letters, digits and inner hyphens, at most 64 characters",
    );
  const folder = join(resolve(dir), slug);
  const path = join(folder, FILE);
  let text: string;
  try {
    const s = statSync(path);
    if (!s.isFile()) throw new PublicationError(`${FILE} is not a file`);
    if (s.size > MAX_PUBLICATION_FILE_BYTES)
      throw new PublicationError(
        `${FILE} is ${s.size} bytes, more than the ${MAX_PUBLICATION_FILE_BYTES} allowed`,
      );
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof PublicationError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new PublicationError(code === "ENOENT" ? `${FILE} is missing` : `cannot read ${FILE} (${code})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const why = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 160);
    throw new PublicationError(`${FILE} is not valid JSON (${why})`);
  }
  const { logoName, ...publication } = publicationFrom(slug, data, base, {
    logo: (name) => {
      try {
        const s = statSync(join(folder, name));
        return s.isFile() && s.size <= MAX_LOGO_BYTES;
      } catch {
        return false;
      }
    },
  });
  let blogDir: string | undefined;
  try {
    if (statSync(join(folder, "blog")).isDirectory()) blogDir = join(folder, "blog");
  } catch {
    // No blog/: the bundled posts.
  }
  return {
    ...publication,
    ...(blogDir ? { blogDir } : {}),
    ...(logoName ? { logoFile: join(folder, logoName) } : {}),
  };
}

/**
 * Every folder of `dir` (hidden ones aside), each a publication or a problem naming it. A host two
 * folders claim stays with the one `keep` serves already (the one served before a reload), else
 * the first by name; the other is a problem. `previous` (a reload) reuses folders whose signature
 * has not changed, and keeps serving the last good version of one that has turned bad.
 */
export function readPublicationsDir(
  dir: string,
  base: PublicationIdentity,
  previous?: { signatures: Signatures; publications: ReadonlyMap<string, Publication> },
): DirReading & { signatures: Signatures } {
  const root = resolve(dir);
  let names: string[];
  try {
    names = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith("."))
      .map((e) => e.name)
      .sort();
  } catch (error) {
    throw new PublicationError(
      `PUBLICATIONS_DIR ${root}: cannot read the directory (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  const signatures: Signatures = new Map();
  const read: Publication[] = [];
  const problems: PublicationProblem[] = [];
  for (const slug of names) {
    const signature = fileSignature(join(root, slug));
    signatures.set(slug, signature);
    const before = previous?.publications.get(slug);
    if (before && previous?.signatures.get(slug) === signature) {
      read.push(before);
      continue;
    }
    try {
      read.push(readPublicationFolder(root, slug, base));
    } catch (error) {
      if (!(error instanceof PublicationError)) throw error;
      problems.push({
        slug,
        reason: before ? `${error.message} (its last good version keeps serving)` : error.message,
      });
      if (before) read.push(before);
    }
  }
  // Hosts: a host stays with the publication that served it (an edited folder cannot take another's
  // host away); new hosts go to publications already served first, then by name.
  const owner = new Map<string, string>();
  const present = new Set(read.map((p) => p.slug));
  for (const p of previous?.publications.values() ?? [])
    if (present.has(p.slug)) for (const h of p.hosts) owner.set(h, p.slug);
  const served = (p: Publication) => previous?.publications.has(p.slug) ?? false;
  const ordered = [...read.filter(served), ...read.filter((p) => !served(p))];
  const publications: Publication[] = [];
  const refuse = (p: Publication, taken: string) => {
    const reason = `host "${taken}" is already ${owner.get(taken)}'s`;
    const before = previous?.publications.get(p.slug);
    // Its last good version keeps serving when it claims nobody else's host.
    if (before && before !== p && before.hosts.every((h) => owner.get(h) === p.slug || !owner.has(h))) {
      problems.push({ slug: p.slug, reason: `${reason} (its last good version keeps serving)` });
      for (const h of before.hosts) owner.set(h, p.slug);
      publications.push(before);
    } else problems.push({ slug: p.slug, reason });
  };
  for (const p of ordered) {
    const taken = p.hosts.find((h) => owner.has(h) && owner.get(h) !== p.slug);
    if (taken !== undefined) {
      refuse(p, taken);
      continue;
    }
    for (const h of p.hosts) owner.set(h, p.slug);
    publications.push(p);
  }
  // A host it had and no longer lists is free for the next reload, not this one: no host changes
  // hands in one step.
  publications.sort((a, b) => (a.slug < b.slug ? -1 : 1));
  problems.sort((a, b) => (a.slug < b.slug ? -1 : 1));
  return { publications, problems, signatures };
}
