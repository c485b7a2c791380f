/**
 * A small front-matter reader for our posts: a block of `key: value` lines between two `---` lines
 * at the top of the file, then the markdown body. Values are one line each: plain text, or quoted
 * with "…" (JSON escapes) or '…' ('' for a quote) when they start with a quote or need spaces kept.
 * Anything else (nested maps, multi-line values) is an error that names the file and the line.
 */

/** A post file that cannot be read; the message names the file and says what to fix. */
export class PostFileError extends Error {
  readonly file: string;
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "PostFileError";
    this.file = file;
  }
}

export type FrontMatter = { data: Record<string, string>; body: string; bodyLine: number };

const KEY = /^([A-Za-z][A-Za-z0-9_]*)\s*:(?:\s+(.*))?$/;
const FENCE = /^---\s*$/;

function unquote(raw: string, file: string, line: number): string {
  const value = raw.trim();
  if (value.startsWith('"')) {
    if (value.length < 2 || !value.endsWith('"')) {
      throw new PostFileError(file, `line ${line}: the value opens a "quote" that does not close`);
    }
    try {
      return JSON.parse(value) as string;
    } catch {
      throw new PostFileError(file, `line ${line}: the quoted value is not valid (escape " as \\")`);
    }
  }
  if (value.startsWith("'")) {
    if (value.length < 2 || !value.endsWith("'")) {
      throw new PostFileError(file, `line ${line}: the value opens a 'quote' that does not close`);
    }
    return value.slice(1, -1).replaceAll("''", "'");
  }
  return value;
}

/** Splits a post file into its front matter (only `allowedKeys`) and its body. */
export function parseFrontMatter(text: string, file: string, allowedKeys: readonly string[]): FrontMatter {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? "")) {
    throw new PostFileError(file, 'the file must start with a front matter block: a "---" line first');
  }
  const end = lines.findIndex((l, i) => i > 0 && FENCE.test(l));
  if (end === -1) {
    throw new PostFileError(file, 'the front matter block has no closing "---" line');
  }
  const allowed = new Set(allowedKeys);
  const data: Record<string, string> = {};
  for (let i = 1; i < end; i++) {
    const lineNo = i + 1;
    const line = lines[i] ?? "";
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const match = KEY.exec(line);
    if (!match || /^\s/.test(line)) {
      throw new PostFileError(
        file,
        `line ${lineNo}: expected "key: value", got ${JSON.stringify(line.trim())}`,
      );
    }
    const [, key = "", raw = ""] = match;
    if (!allowed.has(key)) {
      throw new PostFileError(
        file,
        `line ${lineNo}: unknown key "${key}" (allowed: ${[...allowed].join(", ")})`,
      );
    }
    if (key in data) throw new PostFileError(file, `line ${lineNo}: "${key}" is set twice`);
    data[key] = unquote(raw, file, lineNo);
  }
  return { data, body: lines.slice(end + 1).join("\n"), bodyLine: end + 2 };
}
