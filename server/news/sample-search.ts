import type { Article, SearchHit, TextSegment } from "#domain/article.ts";
import { toSummary } from "#domain/article.ts";

/** The query's words, lower-cased, without punctuation (at most 8 of them). */
export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

/** Splits text into plain and matched segments: a word matches when it starts with a query word. */
export function markWords(text: string, words: string[]): TextSegment[] {
  if (words.length === 0 || !text) return text ? [{ text, match: false }] : [];
  const segments: TextSegment[] = [];
  const re = /[\p{L}\p{N}]+/gu;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const word = m[0].toLowerCase();
    if (!words.some((w) => word.startsWith(w))) continue;
    if (m.index > last) segments.push({ text: text.slice(last, m.index), match: false });
    segments.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}

/**
 * Search over the sample headlines, for a site that has stored nothing yet (offline, first run):
 * every query word must start a word of the title or excerpt; title matches rank first.
 */
export function searchSampleArticles(articles: Article[], query: string, limit: number): SearchHit[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const hasWord = (text: string, w: string) =>
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some((t) => t.startsWith(w));
  return articles
    .map((a) => {
      const all = words.every((w) => hasWord(a.title, w) || hasWord(a.excerpt, w));
      const inTitle = words.filter((w) => hasWord(a.title, w)).length;
      return { a, all, inTitle };
    })
    .filter((x) => x.all)
    .sort((x, y) => y.inTitle - x.inTitle || (x.a.publishedAt < y.a.publishedAt ? 1 : -1))
    .slice(0, limit)
    .map(({ a }) => ({
      article: toSummary(a),
      section: a.section,
      title: markWords(a.title, words),
      excerpt: markWords(a.excerpt, words),
    }));
}
