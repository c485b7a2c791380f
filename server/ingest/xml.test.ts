import { describe, expect, it } from "vitest";
import { child, localName, parseXml, XmlSyntaxError } from "./xml.ts";

describe("parseXml", () => {
  it("reads a processing instruction right after another (a stylesheet after the declaration)", () => {
    const root = parseXml('<?xml version="1.0"?><?xml-stylesheet href="s.xsl"?><rss/>');
    expect(root.name).toBe("rss");
    expect(parseXml("<?a?><?b?><?c x?><r/>").name).toBe("r");
  });

  it("decodes an attribute's entity wherever it starts", () => {
    expect(parseXml('<a b="&amp;y" c="x&amp;y" d="xy&amp;"/>').attrs).toEqual({
      b: "&y",
      c: "x&y",
      d: "xy&",
    });
  });

  it("takes only xmlns: attributes as namespace declarations", () => {
    const root = parseXml(
      '<a foobarx="http://purl.org/dc/elements/1.1/" xmlnsx="http://purl.org/dc/elements/1.1/"><x:creator/></a>',
    );
    expect(root.children[0]?.name).toBe("x:creator");
  });

  it("leaves a name that starts with a colon as it is (no prefix to map)", () => {
    const root = parseXml('<a xmlns:="http://purl.org/dc/elements/1.1/"><:creator/></a>');
    expect(root.children[0]?.name).toBe(":creator");
  });

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
    expect(localName("a:b")).toBe("b");
    expect(localName(":b")).toBe("b");
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
    [
      "mismatched tags",
      "<rss><channel></rss></channel>",
      "Expected </channel> but found </rss> at offset 14",
    ],
    ["an end tag with more to its name", "<a></ab>", "Expected </a> but found </ab> at offset 3"],
    ["an unclosed element", "<rss><channel>", "Unclosed <channel> at offset 14"],
    ["an unterminated end tag", "<a></a", "Unterminated end tag at offset 3"],
    ["text outside the root", "<rss/>trailing", "Text outside the root element at offset 6"],
    ["CDATA outside the root", "<![CDATA[x]]><r/>", "CDATA outside the root element at offset 0"],
    ["two roots", "<a/><b/>", "More than one root element at offset 4"],
    ["an unquoted attribute", "<rss version=2.0/>", "Attribute version is not quoted at offset 13"],
    ["an attribute without a value", "<rss checked/>", "Attribute checked has no value at offset 12"],
    ["an attribute without a value before >", "<rss checked>", "Attribute checked has no value at offset 12"],
    ["an unterminated attribute value", "<r a='1/>", "Unterminated attribute value at offset 5"],
    ["an unterminated start tag", "<r a='1'", "Unterminated start tag at offset 0"],
    ["a / inside a start tag", "<r / >", "Unexpected / in a start tag at offset 3"],
    ["an unescaped <", "<rss>a < b</rss>", "Unescaped < or empty tag name at offset 7"],
    ["an empty tag name", "<r><></r>", "Unescaped < or empty tag name at offset 3"],
    ["an unterminated comment", "<rss><!-- x</rss>", "Unterminated comment at offset 5"],
    ["an unterminated CDATA section", "<rss><![CDATA[x</rss>", "Unterminated CDATA section at offset 5"],
    [
      "an unterminated processing instruction",
      "<?xml version='1.0'",
      "Unterminated processing instruction at offset 0",
    ],
    ["an unknown declaration", "<r><!FOO></r>", "Unexpected markup declaration at offset 3"],
    ["no root at all", "   ", "No root element at offset 3"],
    ["plain text", "not xml", "Text outside the root element at offset 0"],
    ["a DOCTYPE after the root", "<r></r><!DOCTYPE r>", "DOCTYPE after the root element at offset 7"],
    ["an unterminated DOCTYPE", "<!DOCTYPE r <r/>", "Unterminated DOCTYPE at offset 0"],
    [
      "a DOCTYPE whose subset never closes",
      "<!DOCTYPE r [<!ENTITY a '>'>",
      "Unterminated DOCTYPE at offset 0",
    ],
    ["an unexpected end tag", "</rss>", "Unexpected </rss> at offset 0"],
  ])("rejects %s, saying what and where", (_what, xml, message) => {
    // The message is what an operator reads about a broken feed.
    expect(() => parseXml(xml)).toThrow(new XmlSyntaxError(message));
    expect(() => parseXml(xml)).toThrow(XmlSyntaxError);
  });

  it("reads whitespace (space, tab, newline, carriage return) wherever XML allows it", () => {
    const root = parseXml("<r\ta\n=\r'1'\r\nb = \"2\"\t/>");
    expect(root.attrs).toEqual({ a: "1", b: "2" });
    expect(root.children).toEqual([]);
    for (const space of [" ", "\t", "\n", "\r"]) {
      const el = parseXml(`<r${space}x="1"><c${space}/></r${space}>`);
      expect(el.attrs).toEqual({ x: "1" });
      expect(el.children.map((c) => c.name)).toEqual(["c"]);
      // Whitespace-only text between elements is not text.
      expect(parseXml(`<r>${space}<c/>${space}</r>`).text).toBe("");
    }
  });

  it("joins an element's text around its children, CDATA and comments", () => {
    const root = parseXml("<r>a &amp; <b>x</b> b<![CDATA[<c>]]>d<!-- note -->e<?pi x?>f</r>");
    expect(root.text).toBe("a &  b<c>def");
    expect(root.children.map((c) => [c.name, c.text])).toEqual([["b", "x"]]);
    expect(root.attrs).toBeUndefined();
  });

  it("ends a comment only at a --> after its opening", () => {
    expect(parseXml("<r><!-->x-->y</r>").text).toBe("y");
    expect(parseXml("<r><!-- a -->1<!-- b -->2</r>").text).toBe("12");
    expect(parseXml("<r><![CDATA[]]>x<![CDATA[y]]></r>").text).toBe("xy");
  });

  it("skips DOCTYPEs in any case, with quoted > and nested brackets", () => {
    expect(parseXml(`<!doctype r><r>x</r>`).text).toBe("x");
    expect(parseXml(`<!DOCTYPE r SYSTEM "a>b" 'c>d'><r>x</r>`).text).toBe("x");
    expect(parseXml(`<!DOCTYPE r [<!ENTITY a "]>"> [ ] ]><r>&a;</r>`).text).toBe("&a;");
    expect(parseXml(`<?xml version="1.0"?>\n<!DOCTYPE rss>\n<rss/>`).name).toBe("rss");
  });

  it("decodes entities in attribute values and keeps both quote kinds", () => {
    const root = parseXml(`<r a="&quot;x&quot; &amp; y" b='it&apos;s' c="" D="plain"/>`);
    expect(root.attrs).toEqual({ a: '"x" & y', b: "it's", c: "", d: "plain" });
  });

  it("reads namespace URIs whatever their case, scheme, spacing or trailing slash", () => {
    const root = parseXml(
      `<feed xmlns:A="http://www.w3.org/2005/Atom" xmlns:c=" HTTPS://PURL.ORG/RSS/1.0/modules/content/ " xmlns:t="http://purl.org/dc/terms"><A:title/><c:encoded/><t:modified/><c/></feed>`,
    );
    expect(root.children.map((c) => c.name)).toEqual([
      "atom:title",
      "content:encoded",
      "dcterms:modified",
      "c",
    ]);
  });

  it("normalises only a prefix before a colon, not a name that starts like one", () => {
    const root = parseXml(`<r xmlns:d="http://purl.org/dc/elements/1.1/"><dx/><d:x/><D:Y/><x:d/><:d/></r>`);
    expect(root.children.map((c) => c.name)).toEqual(["dx", "dc:x", "dc:y", "x:d", ":d"]);
  });

  it("lets a later declaration change what a prefix means, for names read before it too", () => {
    const root = parseXml(
      `<r><a:x/><s xmlns:a="http://purl.org/dc/elements/1.1/"><a:x/></s><a:x/><u xmlns:a="urn:other"/><a:x/></r>`,
    );
    expect(root.children.map((c) => c.name)).toEqual(["a:x", "s", "dc:x", "u", "a:x"]);
    expect(root.children[1]?.children.map((c) => c.name)).toEqual(["dc:x"]);
  });

  it("stops after maxItems items at the top two levels, not counting deeper ones", () => {
    const rss = `<rss><channel><item><x><item/><item></item></x></item><item>2</item><item>3</item>`;
    const root = parseXml(rss, { maxItems: 2 });
    const channel = child(root, "channel");
    expect(channel?.children.map((c) => c.text)).toEqual(["", "2"]);
    const atom = `<feed><entry>1</entry><entry>2</entry><entry>3</entry></feed>`;
    expect(parseXml(atom, { maxItems: 2 }).children.map((c) => c.text)).toEqual(["1", "2"]);
    expect(parseXml(atom, { maxItems: 3 }).children).toHaveLength(3);
    expect(parseXml(atom).children).toHaveLength(3);
    // An item deeper down does not count: reading goes on, to the second root.
    expect(() => parseXml(`<rss><channel><x><item></item></x></channel></rss><b/>`, { maxItems: 1 })).toThrow(
      "More than one root element",
    );
  });

  it("finds the first child of a name, or none", () => {
    const root = parseXml(`<r><a>1</a><b>2</b><a>3</a></r>`);
    expect(child(root, "a")?.text).toBe("1");
    expect(child(root, "b")?.text).toBe("2");
    expect(child(root, "c")).toBeUndefined();
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
