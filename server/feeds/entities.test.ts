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
    ]) {
      expect(decodeEntities(text)).toBe(text);
    }
  });

  it("replaces impossible code points with U+FFFD", () => {
    expect(decodeEntities("&#0;&#xD800;&#1114112;")).toBe("\uFFFD\uFFFD\uFFFD");
  });

  it("accepts upper-case spellings of lower-case names", () => {
    expect(decodeEntities("&AMP; &LT;")).toBe("& <");
  });

  it("decodes once: double-escaped text stays escaped", () => {
    expect(decodeEntities("&amp;amp;")).toBe("&amp;");
  });
});
