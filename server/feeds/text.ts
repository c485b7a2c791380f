import { decodeEntities } from "./entities.ts";

/**
 * All markup in one pass (long article bodies make every extra pass count; bench/feeds.ts):
 * 1. elements whose content is never reader-visible (script, style...) with that content;
 * 2. comments; 3. CDATA sections (kept: their text is text); 4. tags, capturing the name;
 * 5. other declarations and processing instructions. "5 < 6" is not a tag: a name must follow "<".
 */
const MARKUP =
  /<(script|style|noscript|template|iframe|object|svg|math)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)\]\]>|<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<![^>]*>|<\?[^>]*>/gi;

/** Tags that separate words when rendered: replaced by a space so "a<br>b" stays two words. */
const BREAKING_TAGS = new Set(
  (
    "p br div li ul ol h1 h2 h3 h4 h5 h6 tr td th table blockquote section article header footer " +
    "figure figcaption img hr dd dt dl pre aside nav main address caption"
  ).split(" "),
);

function replaceMarkup(_match: string, hidden?: string, cdata?: string, tag?: string): string {
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

/** Text and its word count, from one scan. */
export type TextWithWords = { text: string; words: number };

/**
 * Collapses whitespace runs to one space, trims, drops control characters and highlight markers,
 * and counts the words, in one pass (separate regular expressions cost several passes).
 */
export function collapseWhitespace(s: string): TextWithWords {
  let out = "";
  let start = 0;
  let pendingSpace = false;
  let words = 0;
  let inWord = false;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c > 32 && c < 127) {
      if (!inWord) {
        inWord = true;
        words++;
      }
      continue;
    }
    // A lone space between two ordinary characters stays inside the current run of text.
    if (c === 32 && i > start && i + 1 < n && charKind(s.charCodeAt(i + 1)) === 0) {
      inWord = false;
      continue;
    }
    const kind = charKind(c);
    if (kind === 0) {
      if (!inWord) {
        inWord = true;
        words++;
      }
      continue;
    }
    if (kind === 1) inWord = false;
    if (i > start) {
      if (pendingSpace && out !== "") out += " ";
      out += s.slice(start, i);
      pendingSpace = false;
    }
    if (kind === 1) pendingSpace = true;
    start = i + 1;
  }
  if (start === 0) return { text: s, words };
  if (n > start) {
    if (pendingSpace && out !== "") out += " ";
    out += s.slice(start);
  }
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
  let text = html.indexOf("<") === -1 ? html : html.replace(MARKUP, replaceMarkup);
  text = decodeEntities(text);
  // Entities can spell markup ("&lt;b&gt;" in a double-escaped title): strip what they revealed.
  if (text.indexOf("<") !== -1) text = text.replace(MARKUP, replaceMarkup);
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
