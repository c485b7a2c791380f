import { describe, expect, it } from "vitest";
import {
  collapseWhitespace,
  countWords,
  firstChars,
  htmlToText,
  readTimeFromWords,
  readTimeMinutes,
} from "./text.ts";

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
});

describe("read time", () => {
  it("is words / 200, rounded, at least 1; 3 when there is no text", () => {
    expect(readTimeFromWords(0)).toBe(3);
    expect(readTimeFromWords(1)).toBe(1);
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
});
