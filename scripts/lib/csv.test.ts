import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv.ts";

describe("csvField", () => {
  it("leaves plain text alone", () => {
    expect(csvField("Ada Reader")).toBe("Ada Reader");
    expect(csvField(42)).toBe("42");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("a, b")).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvField("cr\r")).toBe('"cr\r"');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1 555")).toBe("'+1 555");
    expect(csvField("-5")).toBe("'-5");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField(-5)).toBe("-5");
  });
});

describe("toCsv", () => {
  it("writes a header and rows with CRLF line ends", () => {
    expect(
      toCsv(
        ["id", "text"],
        [
          [1, "plain"],
          [2, "two\nlines, quoted"],
        ],
      ),
    ).toBe('id,text\r\n1,plain\r\n2,"two\nlines, quoted"\r\n');
  });
});
