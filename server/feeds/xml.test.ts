import { describe, expect, it } from "vitest";
import { child, localName, parseXml, XmlSyntaxError } from "./xml.ts";

describe("parseXml", () => {
  it("builds a tree with lower-cased names, attributes, text and CDATA", () => {
    const root = parseXml(
      `<?xml version="1.0"?><!-- c --><Rss Version='2.0'><channel><Title>A &amp; B</Title><x a="1 &lt; 2" b='q"q'/><d><![CDATA[<b>raw</b> &amp;]]></d></channel></Rss>`,
    );
    expect(root.name).toBe("rss");
    expect(root.attrs?.version).toBe("2.0");
    const channel = child(root, "channel");
    expect(channel && child(channel, "title")?.text).toBe("A & B");
    expect(channel && child(channel, "x")?.attrs).toEqual({ a: "1 < 2", b: 'q"q' });
    expect(channel && child(channel, "d")?.text).toBe("<b>raw</b> &amp;");
  });

  it("normalises namespace prefixes by URI, whatever the feed calls them", () => {
    const root = parseXml(
      `<rss xmlns:DC="http://purl.org/dc/elements/1.1/" xmlns:m="https://search.yahoo.com/mrss/" xmlns:x="urn:other"><DC:creator>J</DC:creator><m:thumbnail url="u"/><x:y/><dc:date>d</dc:date></rss>`,
    );
    expect(root.children.map((c) => c.name)).toEqual(["dc:creator", "media:thumbnail", "x:y", "dc:date"]);
    expect(localName("rdf:rdf")).toBe("rdf");
    expect(localName("feed")).toBe("feed");
  });

  it("tolerates a byte-order mark and leading whitespace", () => {
    expect(parseXml("\uFEFF\n\n  <?xml version='1.0'?>\n<rss/>").name).toBe("rss");
  });

  it("records the raw inner markup of each element", () => {
    const xml = `<feed><content type="xhtml"><div><p>Hi <b>there</b></p></div></content></feed>`;
    const content = parseXml(xml).children[0];
    expect(content && xml.slice(content.innerStart, content.innerEnd)).toBe(
      "<div><p>Hi <b>there</b></p></div>",
    );
  });

  it("skips a DOCTYPE and its internal subset without expanding its entities", () => {
    const root = parseXml(
      `<!DOCTYPE r [<!ENTITY e "expanded"><!ENTITY x SYSTEM "file:///etc/passwd">]><r>&e; &x;</r>`,
    );
    expect(root.text).toBe("&e; &x;");
  });

  it.each([
    ["mismatched tags", "<rss><channel></rss></channel>"],
    ["an unclosed element", "<rss><channel>"],
    ["text outside the root", "<rss/>trailing"],
    ["two roots", "<a/><b/>"],
    ["an unquoted attribute", "<rss version=2.0/>"],
    ["an attribute without a value", "<rss checked/>"],
    ["an unescaped <", "<rss>a < b</rss>"],
    ["an unterminated comment", "<rss><!-- x</rss>"],
    ["an unterminated CDATA section", "<rss><![CDATA[x</rss>"],
    ["no root at all", "   "],
    ["plain text", "not xml"],
    ["a DOCTYPE after the root", "<r></r><!DOCTYPE r>"],
    ["an unexpected end tag", "</rss>"],
  ])("rejects %s", (_what, xml) => {
    expect(() => parseXml(xml)).toThrow(XmlSyntaxError);
  });

  it("gives attributes named like Object properties no special meaning", () => {
    const root = parseXml(`<r __proto__="x" constructor="y"/>`);
    expect(Object.entries(root.attrs ?? {})).toEqual([
      ["__proto__", "x"],
      ["constructor", "y"],
    ]);
    expect(Object.getPrototypeOf(root.attrs)).toBeNull();
  });

  it("parses deep nesting without recursion", () => {
    const depth = 50_000;
    const root = parseXml(`${"<a>".repeat(depth)}x${"</a>".repeat(depth)}`);
    expect(root.name).toBe("a");
  });
});
