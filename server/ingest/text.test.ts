import { describe, expect, it } from "vitest";
import { decodeEntities } from "./entities.ts";
import {
  collapseWhitespace,
  countWords,
  firstChars,
  htmlToText,
  htmlToTextWithWords,
  MARKUP,
  readTimeFromWords,
  readTimeMinutes,
  replaceMarkup,
  stripMarkup,
  type TextWithWords,
} from "./text.ts";

/**
 * The earlier implementation, kept as the reference the faster one must equal: MARKUP replaced by
 * the regular expression, entities decoded, a second MARKUP pass, then a character-by-character
 * collapse that counts words as it goes.
 */
const REFERENCE_KINDS = Uint8Array.from({ length: 0x10000 }, (_, c) => {
  if (/\s/.test(String.fromCharCode(c))) return 1;
  return c < 32 || c === 127 || c === 0x200b || c === 0xe000 || c === 0xe001 ? 2 : 0;
});

function referenceKind(c: number): number {
  return REFERENCE_KINDS[c] ?? 0;
}

function referenceCollapse(s: string): TextWithWords {
  let text = "";
  let words = 0;
  let pendingSpace = false;
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const kind = referenceKind(s.charCodeAt(i));
    if (kind === 1) {
      pendingSpace = text !== "";
      inWord = false;
    } else if (kind === 0) {
      if (!inWord) words++;
      inWord = true;
      if (pendingSpace) text += " ";
      pendingSpace = false;
      text += s[i];
    }
  }
  return { text, words };
}

function referenceHtmlToText(html: string): TextWithWords {
  let text = decodeEntities(html.replace(MARKUP, replaceMarkup));
  if (text.includes("<")) text = text.replace(MARKUP, replaceMarkup);
  return referenceCollapse(text);
}

/** Pieces of markup, entities, whitespace and text for random input, each group split on spaces. */
const PIECES = [
  "< > </ <p> <P\tclass='x'> <br/> <b> </b> <B> <td> <h1> <img\nsrc=x> <x-y> <1> </1> </\tp> <p",
  "<z> <Z9> <p0> <p9> </z> <a0z>",
  "<o:p> </o:p> <p:x> <ab_c> <a_> <svg1> <scripts> </scripts> <script> </script\t> </SCRIPT\n>",
  "<Script\ta=1> <svg> </svg\u3000> <iframe> </iframe> <noscript> </noScript> <math> </math>",
  "<template> </template> <object> </object>",
  "<!-- --> <!--> <![CDATA[ <![cdata[ <![CDAT ]]> ]] <!DOCTYPE\tx> <!x <?pi?> <? ?>",
  "&lt; &gt; &LT; &amp; &amp;lt; &#60; &#x3C; &#62; &nbsp; &#10; &#x200b; &#xE000; &#0; & ; &am p; &#",
  "a word Word é ’ 😀 \ud83d 5 _ - / ! ? [ ] = : ' \" x p b script style svg \u212a \u0131 \u0130",
  "\n \t \r\n \u00a0 \u2003 \u2028 \u3000 \ufeff \u180e \u0085 \u200b \u0000 \u0007 \u007f \ue000 \ue001",
]
  .flatMap((group) => group.split(" "))
  .concat([" ", "  "]);

/**
 * How many random inputs each differential test compares: 20,000, or fewer where RANDOM_INPUTS
 * says (vitest.mutation.config.ts: Stryker runs these tests once per mutant).
 */
const RANDOM_INPUTS = Number(process.env.RANDOM_INPUTS) || 20_000;

function randomInputs(count: number, seed = 1): string[] {
  let state = seed;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state % n;
  };
  return Array.from({ length: count }, () => {
    let s = "";
    for (let k = next(16); k > 0; k--) s += PIECES[next(PIECES.length)];
    return s;
  });
}

const TRICKY = [
  "",
  " ",
  "<p>Hello&nbsp;<b>world</b> &amp;\n\n  <i>more</i></p>",
  "<script>alert(1)</script><SCRIPT type=x>y</SCRIPT>Hi<style>p{}</style>",
  "a<script>never closed",
  "a<script>x</script >b</SCRIPT\n>c<style>d</style\t\n>e<svg>f</svg\u3000>g<math>h</math\u00a0>i",
  "İ<style>a</style>b<SCRİPT>c</SCRİPT>d",
  "a<p:x>b<br:x>c<o:p></o:p>d<h1-x>e<`>f<@>g<[>h<{>i",
  "a<scripts>b</scripts>c<svg1>d<svgx/>e",
  "a<!-- secret -->b<!-- unterminated <p> to the end",
  "a<!-->b-->c",
  "<![CDATA[<i>x</i> y]]> <![cdata[z]]> <![CDATA[unterminated <b>",
  "5 < 6 and 7 > 3, x<y, a <1> b, <_a>, <a_b>c",
  "&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;Bold&lt;/b&gt; text",
  "&am<b></b>p; &lt<i></i>;p&gt;x",
  "5 &lt; 6 and <b>bold",
  "<p>one</p>\n<p>two</p><div>three<br>four</div><span>fi</span>ve",
  "<!DOCTYPE html><?xml version='1.0'?>text<!x>",
  "\u00a0lead\u2003and\u3000trail\ufeff",
  "a\u0000b\u0007 c\uE000d\uE001e\u200Bf \u200b \u0000 g",
  "\u200b a \u0000",
  "tab\tand\r\nnewline\u2028para\u2029end",
  "caf&eacute; &#8217;quoted&#x2019; &#128512; &bogus; & alone",
  "<a href='x>y'>link</a> <img alt=\"a > b\" src=x> after",
  "\u212a<SCRİPT>x</SCRİPT> <ſcript>y</ſcript>",
];

describe("htmlToText", () => {
  it("strips tags, decodes entities and collapses whitespace", () => {
    expect(htmlToText("<p>Hello&nbsp;<b>world</b> &amp;\n\n  <i>more</i></p>")).toBe("Hello world & more");
    expect(htmlToText("one, <a href='x'>two</a>, three")).toBe("one, two, three");
  });

  it("keeps words apart across block tags and together across inline ones", () => {
    expect(htmlToText("<p>Hello</p><p>World</p>line<br>break")).toBe("Hello World line break");
    expect(htmlToText("<b>bo</b>ld")).toBe("bold");
  });

  it("drops scripts, styles, frames and comments with their content", () => {
    expect(htmlToText("<script>alert(1)</script><SCRIPT type=x>y</SCRIPT>Hi<style>p{}</style>")).toBe("Hi");
    expect(htmlToText("a<!-- secret -->b<iframe src=x>frame</iframe>")).toBe("ab");
  });

  it("strips markup that entities spelled (double-escaped feeds)", () => {
    expect(htmlToText("&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;Bold&lt;/b&gt; text")).toBe("Bold text");
  });

  it("keeps a < that starts no tag", () => {
    expect(htmlToText("5 < 6 and 7 > 3")).toBe("5 < 6 and 7 > 3");
  });

  it("keeps CDATA text", () => {
    expect(htmlToText("<![CDATA[<i>x</i> y]]>")).toBe("x y");
  });

  it("removes control characters and the search highlight markers", () => {
    expect(htmlToText("a\u0000b\u0007 c\uE000d\uE001e\u200Bf")).toBe("ab cdef");
  });

  it("is empty for nothing", () => {
    expect(htmlToText(undefined)).toBe("");
    expect(htmlToText("  <p> </p> ")).toBe("");
  });
});

describe("collapseWhitespace", () => {
  it("counts words while collapsing", () => {
    expect(collapseWhitespace("  a\n\tb  c ")).toEqual({ text: "a b c", words: 3 });
    expect(collapseWhitespace("a\u00a0\u2003b")).toEqual({ text: "a b", words: 2 });
    expect(collapseWhitespace("")).toEqual({ text: "", words: 0 });
    expect(collapseWhitespace("single")).toEqual({ text: "single", words: 1 });
  });

  it("matches the reference collapse", () => {
    const wrong = [...TRICKY, ...randomInputs(RANDOM_INPUTS, 3)].filter((s) => {
      const expected = referenceCollapse(s);
      const actual = collapseWhitespace(s);
      return (
        actual.text !== expected.text || actual.words !== expected.words || countWords(s) !== expected.words
      );
    });
    expect(wrong).toEqual([]);
  });

  it("treats every UTF-16 code unit as the reference does", () => {
    const wrong: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [`a${ch}b`, `${ch}a ${ch}${ch}b${ch}`, `${ch}`, `ab ${ch}`, `é ${ch}`]) {
        const expected = referenceCollapse(s);
        const actual = collapseWhitespace(s);
        if (actual.text !== expected.text || actual.words !== expected.words) wrong.push(c);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("reads long strings and strings of every representation", () => {
    const word = "word\u00a0word\tword  wörd ’quoted’ ";
    for (const s of [
      word.repeat(5000),
      `${word.repeat(100)}\u{1F600}`.repeat(30),
      word.repeat(3000).slice(7, -9),
      ["a", " ", "b", "\n", "c"].reduce((acc, part) => acc + part).repeat(9999),
    ]) {
      expect(collapseWhitespace(s)).toEqual(referenceCollapse(s));
    }
    // Longer than the shared code-unit array may grow.
    const huge = "ab\u00a0".repeat(400_000);
    const collapsed = collapseWhitespace(huge);
    expect(collapsed.words).toBe(400_000);
    expect(collapsed.text).toBe("ab ".repeat(400_000).slice(0, -1));
    // After a long string, a short one must not see the long one's code units.
    expect(collapseWhitespace("x ")).toEqual({ text: "x", words: 1 });
  });
});

describe("read time", () => {
  it("is words / 200, rounded, at least 1; 3 when there is no text", () => {
    expect(readTimeFromWords(0)).toBe(3);
    expect(readTimeFromWords(1)).toBe(1);
    expect(readTimeFromWords(100)).toBe(1);
    expect(readTimeFromWords(99)).toBe(1);
    expect(readTimeFromWords(299)).toBe(1);
    expect(readTimeFromWords(300)).toBe(2);
    expect(readTimeFromWords(1000)).toBe(5);
    expect(readTimeMinutes("")).toBe(3);
    expect(readTimeMinutes(Array.from({ length: 700 }, () => "word").join(" "))).toBe(4);
    expect(countWords("a b  c")).toBe(3);
  });
});

describe("firstChars", () => {
  it("cuts at a length without splitting a surrogate pair", () => {
    expect(firstChars("abcdef", 3)).toBe("abc");
    expect(firstChars("ab", 3)).toBe("ab");
    expect(firstChars("ab😀c", 3)).toBe("ab");
  });

  it("steps back only from a high surrogate, over the whole high range", () => {
    expect(firstChars("abc", 3)).toBe("abc");
    expect(firstChars("ab\ud800\udc00", 3)).toBe("ab");
    expect(firstChars("ab\udbff\udfff", 3)).toBe("ab");
    // Below the range, and a low surrogate (already the end of a pair or alone): cut as asked.
    expect(firstChars("ab\ud7ffx", 3)).toBe("ab\ud7ff");
    expect(firstChars("ab\udc00x", 3)).toBe("ab\udc00");
    // Nothing to cut: a text as long as asked keeps even a lone high surrogate at its end.
    expect(firstChars("ab\ud83d", 3)).toBe("ab\ud83d");
  });
});

describe("stripMarkup", () => {
  it("is exactly MARKUP replaced by replaceMarkup, on tricky and random input", () => {
    const wrong = [...TRICKY, ...randomInputs(RANDOM_INPUTS)].filter(
      (s) => stripMarkup(s) !== s.replace(MARKUP, replaceMarkup),
    );
    expect(wrong).toEqual([]);
  });

  it("reads z, 0 and 9 as part of a tag's name", () => {
    expect(stripMarkup("a<z>b")).toBe("ab");
    expect(stripMarkup("a<Z9>b")).toBe("ab");
    // Not the breaking tag <p>: <p0> and <p9> are unknown inline tags, so no space.
    expect(stripMarkup("a<p0>b")).toBe("ab");
    expect(stripMarkup("a<p9>b")).toBe("ab");
  });

  it("returns text without markup as it is", () => {
    const s = "no markup & no tags";
    expect(stripMarkup(s)).toBe(s);
  });
});

describe("htmlToTextWithWords", () => {
  it("gives the reference implementation's text and words, on tricky and random input", () => {
    const wrong = [...TRICKY, ...randomInputs(RANDOM_INPUTS, 7)].filter((s) => {
      const expected = referenceHtmlToText(s);
      const actual = htmlToTextWithWords(s);
      return actual.text !== expected.text || actual.words !== expected.words;
    });
    expect(wrong).toEqual([]);
    expect(htmlToTextWithWords("<p>Hello&nbsp;<b>world</b> &amp;\n\n  <i>more</i></p>")).toEqual({
      text: "Hello world & more",
      words: 4,
    });
  });

  it("on a long article body", () => {
    const paragraph = "<p>The council voted 7&ndash;2 on&nbsp;Monday. <b>Chargers</b> go in next year.</p>\n";
    const html = `<div>${paragraph.repeat(400)}<script>track()</script></div>`;
    const result = htmlToTextWithWords(html);
    expect(result).toEqual(referenceHtmlToText(html));
    expect(result.words).toBe(400 * 11);
    expect(result.text.startsWith("The council voted 7–2 on Monday. Chargers go in next year. The")).toBe(
      true,
    );
  });
});
