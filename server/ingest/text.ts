import { Buffer } from "node:buffer";
import { decodeEntities } from "./entities.ts";

/**
 * All markup, as one regular expression. It is the definition: `stripMarkup` below does the same
 * replacement by hand (text.test.ts compares the two on tricky and random input).
 * 1. elements whose content is never reader-visible (script, style...) with that content;
 * 2. comments; 3. CDATA sections (kept: their text is text); 4. tags, capturing the name;
 * 5. other declarations and processing instructions. "5 < 6" is not a tag: a name must follow "<".
 */
export const MARKUP =
  /<(script|style|noscript|template|iframe|object|svg|math)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)\]\]>|<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<![^>]*>|<\?[^>]*>/gi;

/** Tags that separate words when rendered: replaced by a space so "a<br>b" stays two words. */
const BREAKING_TAGS = new Set(
  (
    "p br div li ul ol h1 h2 h3 h4 h5 h6 tr td th table blockquote section article header footer " +
    "figure figcaption img hr dd dt dl pre aside nav main address caption"
  ).split(" "),
);

/** Elements removed with their content (MARKUP's first alternative). */
const HIDDEN_ELEMENTS = new Set("script style noscript template iframe object svg math".split(" "));

/** MARKUP's replacement for one match: what `html.replace(MARKUP, replaceMarkup)` puts in its place. */
export function replaceMarkup(_match: string, hidden?: string, cdata?: string, tag?: string): string {
  if (tag !== undefined) return BREAKING_TAGS.has(tag.toLowerCase()) ? " " : "";
  if (cdata !== undefined) return cdata;
  return hidden === undefined ? "" : " ";
}

/** 1 for whitespace (as JavaScript's \s), 2 for characters to drop, 0 for the rest. */
function charKind(c: number): 0 | 1 | 2 {
  if (c < 128) {
    if (c === 32 || (c >= 9 && c <= 13)) return 1;
    return c < 32 || c === 127 ? 2 : 0;
  }
  if (c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029) return 1;
  if (c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff) return 1;
  // Zero-width space, and the private-use pair the search index uses as highlight markers.
  if (c === 0x200b || c === 0xe000 || c === 0xe001) return 2;
  return 0;
}

function isAsciiLetter(c: number): boolean {
  const lower = c | 0x20;
  return lower >= 97 && lower <= 122;
}

function isAsciiLetterOrDigit(c: number): boolean {
  return isAsciiLetter(c) || (c >= 48 && c <= 57);
}

/**
 * Whether `lower` (lower-case ASCII) is at `at`, ignoring ASCII case only: under MARKUP's i flag no
 * other character matches an ASCII letter (not even the Kelvin sign, which lower-cases to "k").
 */
function startsWithCaseless(s: string, at: number, lower: string): boolean {
  if (at + lower.length > s.length) return false;
  for (let k = 0; k < lower.length; k++) {
    const c = s.charCodeAt(at + k);
    const want = lower.charCodeAt(k);
    if (c !== want && !(c >= 65 && c <= 90 && (c | 0x20) === want)) return false;
  }
  return true;
}

const GT = 62; // >
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const UNDERSCORE = 95;

/**
 * The end of the first `</name\s*>` (name compared without case) from `from`, or -1: how MARKUP's
 * `[\s\S]*?<\/\1\s*>` ends a hidden element.
 */
function closingTagEnd(html: string, from: number, name: string): number {
  const n = html.length;
  for (let k = html.indexOf("</", from); k !== -1; k = html.indexOf("</", k + 2)) {
    if (!startsWithCaseless(html, k + 2, name)) continue;
    let j = k + 2 + name.length;
    while (j < n && charKind(html.charCodeAt(j)) === 1) j++;
    if (html.charCodeAt(j) === GT) return j + 1;
  }
  return -1;
}

/**
 * `html.replace(MARKUP, replaceMarkup)`, done by hand: it jumps from "<" to "<" with indexOf and
 * copies the text between in slices. The regular expression with its callback took about five
 * times as long on article bodies and three times as long on titles and descriptions.
 */
export function stripMarkup(html: string): string {
  let lt = html.indexOf("<");
  if (lt === -1) return html;
  const n = html.length;
  let out = "";
  let copied = 0;
  while (lt !== -1) {
    const next = html.charCodeAt(lt + 1);
    let end = -1;
    let replacement = "";
    if (isAsciiLetter(next) || (next === SLASH && isAsciiLetter(html.charCodeAt(lt + 2)))) {
      // A tag: "<" or "</", a name of ASCII letters and digits ending a word, then anything up to ">".
      const nameStart = next === SLASH ? lt + 2 : lt + 1;
      let j = nameStart + 1;
      while (j < n && isAsciiLetterOrDigit(html.charCodeAt(j))) j++;
      const gt = html.charCodeAt(j) === UNDERSCORE ? -1 : html.indexOf(">", j);
      if (gt !== -1) {
        const name = html.slice(nameStart, j).toLowerCase();
        if (next !== SLASH && HIDDEN_ELEMENTS.has(name)) {
          // With its content when it is closed; unclosed, it is only a tag.
          end = closingTagEnd(html, gt + 1, name);
          if (end !== -1) replacement = " ";
        }
        if (end === -1) {
          end = gt + 1;
          if (BREAKING_TAGS.has(name)) replacement = " ";
        }
      }
    } else if (next === BANG) {
      if (html.startsWith("--", lt + 2)) {
        // A comment, to "-->" or, unterminated, to the end.
        const close = html.indexOf("-->", lt + 4);
        end = close === -1 ? n : close + 3;
      } else if (startsWithCaseless(html, lt + 2, "[cdata[")) {
        const close = html.indexOf("]]>", lt + 9);
        if (close !== -1) {
          end = close + 3;
          replacement = html.slice(lt + 9, close);
        }
      }
      if (end === -1) {
        const gt = html.indexOf(">", lt + 2);
        if (gt !== -1) end = gt + 1;
      }
    } else if (next === QUESTION) {
      const gt = html.indexOf(">", lt + 2);
      if (gt !== -1) end = gt + 1;
    }
    if (end === -1) {
      // Not markup ("5 < 6"): the "<" stays.
      lt = html.indexOf("<", lt + 1);
      continue;
    }
    out += replacement === "" ? html.slice(copied, lt) : html.slice(copied, lt) + replacement;
    copied = end;
    lt = end < n ? html.indexOf("<", end) : -1;
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/** Text and its word count, from one scan. */
export type TextWithWords = { text: string; words: number };

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** The shared code-unit array grows to this many units at most; longer strings get their own. */
const MAX_SHARED_UNITS = 1 << 20;

type CodeUnits = { array: Uint16Array; bytes: Buffer };

function allocateUnits(length: number): CodeUnits {
  const array = new Uint16Array(length);
  return { array, bytes: Buffer.from(array.buffer) };
}

let sharedUnits = allocateUnits(4096);

/**
 * The string's UTF-16 code units in an array (valid up to the string's length; reused from call
 * to call, so read it before the next call). One native copy puts them there, and reading a typed
 * array is a fraction of the cost of charCodeAt on strings of every representation feeds produce
 * (one- and two-byte, sliced, concatenated), which leaves charCodeAt generic and slow.
 */
function codeUnits(s: string): Uint16Array {
  let units = sharedUnits;
  if (s.length > MAX_SHARED_UNITS) {
    units = allocateUnits(s.length);
  } else if (s.length > units.array.length) {
    units = allocateUnits(Math.min(MAX_SHARED_UNITS, Math.max(s.length, 2 * units.array.length)));
    sharedUnits = units;
  }
  // "utf16le" copies code units as they are, lone surrogates included.
  if (LITTLE_ENDIAN) units.bytes.write(s, "utf16le");
  else for (let k = 0; k < s.length; k++) units.array[k] = s.charCodeAt(k);
  return units.array;
}

/**
 * Collapses whitespace runs to one space, trims, drops control characters and highlight markers,
 * and counts the words, in one pass over the code units. Text is copied in runs (words and the
 * lone spaces between them), so ordinary text costs a comparison or two per character.
 */
export function collapseWhitespace(s: string): TextWithWords {
  const n = s.length;
  const units = codeUnits(s);
  let out = "";
  // The run of kept text not yet in `out` starts here.
  let start = 0;
  // Whitespace came after the text in `out`: a space goes before the next run.
  let pendingSpace = false;
  let words = 0;
  // Whitespace (or the start) since the last word character: the next one starts a word.
  let between = true;
  let i = 0;
  while (i < n) {
    let c = units[i] as number;
    if (c > 32 && c < 127) {
      if (between) {
        words++;
        between = false;
      }
      // The rest of an ASCII word.
      while (++i < n) {
        c = units[i] as number;
        if (c <= 32 || c >= 127) break;
      }
      if (i === n) break;
      // A lone space between two words stays inside the run.
      if (c === 32 && i + 1 < n && charKind(units[i + 1] as number) === 0) {
        between = true;
        i++;
        continue;
      }
    }
    const kind = charKind(c);
    if (kind === 0) {
      if (between) {
        words++;
        between = false;
      }
      i++;
      continue;
    }
    if (i > start) {
      out = pendingSpace && out !== "" ? `${out} ${s.slice(start, i)}` : out + s.slice(start, i);
      pendingSpace = false;
    }
    if (kind === 1) {
      pendingSpace = true;
      between = true;
    }
    start = ++i;
  }
  if (start === 0) return { text: s, words };
  if (n > start) out = pendingSpace && out !== "" ? `${out} ${s.slice(start)}` : out + s.slice(start);
  return { text: out, words };
}

/**
 * Reader-visible text of an HTML fragment (or of text that may contain markup and entities), with
 * its word count: hidden elements and comments dropped, tags removed, entities decoded, whitespace
 * collapsed. Also removes control characters and the private-use characters the search index uses
 * as highlight markers, so feed text can never forge a highlight.
 */
export function htmlToTextWithWords(html: string | undefined): TextWithWords {
  if (!html) return { text: "", words: 0 };
  let text = decodeEntities(stripMarkup(html));
  // Entities can spell markup ("&lt;b&gt;" in a double-escaped title): strip what they revealed.
  if (text.indexOf("<") !== -1) text = stripMarkup(text);
  return collapseWhitespace(text);
}

export function htmlToText(html: string | undefined): string {
  return htmlToTextWithWords(html).text;
}

/** Words in collapsed text (as htmlToText returns it). */
export function countWords(text: string): number {
  return collapseWhitespace(text).words;
}

/** The spec's read time: words / 200, rounded, at least 1 minute; 3 minutes when there is no text. */
export function readTimeFromWords(words: number): number {
  if (words === 0) return 3;
  return Math.max(1, Math.round(words / 200));
}

export function readTimeMinutes(text: string): number {
  return readTimeFromWords(countWords(text));
}

/** The first `max` characters, never splitting a surrogate pair. */
export function firstChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
