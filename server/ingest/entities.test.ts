import { describe, expect, it } from "vitest";
import { decodeEntities } from "./entities.ts";

describe("decodeEntities", () => {
  it("decodes XML's five, numeric references and HTML 4 names", () => {
    expect(decodeEntities("a &amp; b &lt;p&gt; &quot;q&quot; &apos;s")).toBe('a & b <p> "q" \'s');
    expect(decodeEntities("&#65;&#x42;&#X43; &#8217; &#128512;")).toBe("ABC \u2019 😀");
    expect(decodeEntities("caf&eacute; &Eacute;t&eacute; &nbsp;&mdash;&hellip;&euro;&thetasym;")).toBe(
      "café Été \u00a0—…€ϑ",
    );
  });

  it("keeps what is not a reference, and never expands DTD-declared names", () => {
    for (const text of [
      "&",
      "a & b",
      "&;",
      "&#;",
      "&#x;",
      "&amp",
      "&bogus;",
      "&lol9;",
      "&xxe;",
      "a&b;c",
      "&#12345678;",
      "&ampx",
      "&lt.",
      "a; &amp",
      "&#1/;",
      "&#1:;",
      "&#x`;",
      "&#x@;",
      "&#x1/;",
      "&#x1:;",
      "&thetasymx;",
    ]) {
      expect(decodeEntities(text)).toBe(text);
    }
  });

  it("reads hex digits in either case, against code points written out by hand", () => {
    // Expected values are literals, not another decoder's output, so a digit misread shows.
    expect(decodeEntities("&#x201c;quote&#x201d; caf&#xe9; &#xff;&#xFF;&#xAbC;&#x1f600;")).toBe(
      "\u201cquote\u201d caf\u00e9 \u00ff\u00ff\u0abc\u{1f600}",
    );
    expect(decodeEntities("&#xa;&#xb;&#xc;&#xd;&#xe;&#xf;|&#xA;&#xB;&#xC;&#xD;&#xE;&#xF;")).toBe(
      "\n\u000b\f\r\u000e\u000f|\n\u000b\f\r\u000e\u000f",
    );
    expect(decodeEntities("&#x9;&#x10;&#x2026;&#233;&#8230;")).toBe("\t\u0010\u2026\u00e9\u2026");
    // Not hex digits: kept as written.
    expect(decodeEntities("&#xg1;&#x1g;&#xG;&#12a;")).toBe("&#xg1;&#x1g;&#xG;&#12a;");
    // The longest references each form allows, and one digit more.
    expect(decodeEntities("&#x10ffff;&#1114111;")).toBe("\u{10ffff}\u{10ffff}");
    expect(decodeEntities("&#x010ffff;&#01114111;")).toBe("&#x010ffff;&#01114111;");
  });

  it("replaces impossible code points with U+FFFD", () => {
    expect(decodeEntities("&#0;&#xD800;&#1114112;")).toBe("\uFFFD\uFFFD\uFFFD");
    // The surrogate range's edges, and the code points just outside it.
    expect(decodeEntities("&#xDFFF;&#55296;")).toBe("\uFFFD\uFFFD");
    expect(decodeEntities("&#xD7FF;&#xE000;&#1;")).toBe("\ud7ff\ue000\u0001");
  });

  it("decodes every reference in a run, with text before, between and after", () => {
    expect(decodeEntities("x;&lt;&gt;y&#59;z &amp;")).toBe("x;<>y;z &");
    expect(decodeEntities("&bogus;&amp;")).toBe("&bogus;&");
    expect(decodeEntities("&amp;&")).toBe("&&");
    expect(decodeEntities("a&amp;")).toBe("a&");
    // Only an "&" starts a reference: text that merely ends like one stays.
    expect(decodeEntities("Xlt; a lt;")).toBe("Xlt; a lt;");
    expect(decodeEntities("&xlt;")).toBe("&xlt;");
    expect(decodeEntities("&amp;xlt;")).toBe("&xlt;");
  });

  it("accepts upper-case spellings of lower-case names", () => {
    expect(decodeEntities("&AMP; &LT;")).toBe("& <");
  });

  it("decodes once: double-escaped text stays escaped", () => {
    expect(decodeEntities("&amp;amp;")).toBe("&amp;");
  });
});
