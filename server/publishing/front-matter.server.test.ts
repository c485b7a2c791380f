import { describe, expect, it } from "vitest";
import { PostFileError, parseFrontMatter } from "./front-matter.server.ts";

const KEYS = ["title", "author", "publishedAt"];
const parse = (text: string) => parseFrontMatter(text, "content/blog/x.md", KEYS);

describe("parseFrontMatter", () => {
  it("reads key: value lines and the body after the closing fence", () => {
    const { data, body } = parse(
      '---\ntitle: "Plugs: a history"\nauthor: Maya Okafor\n# a comment\n\npublishedAt: 2026-11-20T14:00:00Z\n---\nThe body.\n',
    );
    expect(data).toEqual({
      title: "Plugs: a history",
      author: "Maya Okafor",
      publishedAt: "2026-11-20T14:00:00Z",
    });
    expect(body.trim()).toBe("The body.");
  });

  it("handles a byte-order mark, CRLF line ends and single quotes", () => {
    const { data } = parse("\uFEFF---\r\ntitle: 'It''s here'\r\n---\r\nBody");
    expect(data.title).toBe("It's here");
  });

  it("reads the layout Biome's markdown formatter gives (blank lines inside the fences)", () => {
    const { data, body } = parse("---\n\ntitle: Spaced\n---\n\nThe body.\n");
    expect(data).toEqual({ title: "Spaced" });
    expect(body.trim()).toBe("The body.");
  });

  it("keeps colons and hashes inside plain values", () => {
    expect(parse("---\ntitle: Level 2: 11 kW #1\n---\n").data.title).toBe("Level 2: 11 kW #1");
  });

  const errors: Array<[string, string, RegExp]> = [
    ["no opening fence", "title: x\n---\n", /must start with a front matter block/],
    ["no closing fence", "---\ntitle: x\nBody", /no closing "---"/],
    ["a line that is not key: value", "---\ntitle x\n---\n", /line 2: expected "key: value"/],
    ["an indented (nested) value", "---\ntitle:\n  nested: x\n---\n", /line 3: expected "key: value"/],
    [
      "an unknown key",
      "---\ntitel: x\n---\n",
      /line 2: unknown key "titel" \(allowed: title, author, publishedAt\)/,
    ],
    ["a key set twice", "---\ntitle: a\ntitle: b\n---\n", /line 3: "title" is set twice/],
    [
      "an unclosed quote",
      '---\ntitle: "open\n---\n',
      /line 2: the value opens a "quote" that does not close/,
    ],
    ["a bad escape", '---\ntitle: "bad \\x"\n---\n', /line 2: the quoted value is not valid/],
  ];
  for (const [what, text, message] of errors) {
    it(`names the file and the problem: ${what}`, () => {
      let error: unknown;
      try {
        parse(text);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PostFileError);
      expect((error as PostFileError).file).toBe("content/blog/x.md");
      expect((error as Error).message).toMatch(/^content\/blog\/x\.md: /);
      expect((error as Error).message).toMatch(message);
    });
  }
});
