import { describe, expect, it } from "vitest";
import { decodeFeedBytes, detectEncoding } from "./decode.ts";

const latin1 = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));

describe("decodeFeedBytes", () => {
  it("follows the XML declaration", () => {
    const bytes = latin1(`<?xml version="1.0" encoding="ISO-8859-1"?><r>caf\u00e9</r>`);
    expect(detectEncoding(bytes)).toBe("windows-1252");
    expect(decodeFeedBytes(bytes)).toContain("café");
  });

  it("prefers the declaration over a header's charset, and uses the header without one", () => {
    const declared = latin1(`<?xml version="1.0" encoding="windows-1252"?><r>\u0080</r>`);
    expect(decodeFeedBytes(declared, "text/xml; charset=utf-8")).toContain("€");
    const undeclared = latin1(`<r>\u00e9</r>`);
    expect(decodeFeedBytes(undeclared, 'application/rss+xml; charset="iso-8859-1"')).toBe("<r>é</r>");
  });

  it("defaults to UTF-8, and falls back to it for an unknown label", () => {
    const bytes = new Uint8Array(Buffer.from(`<?xml version="1.0" encoding="x-klingon"?><r>é</r>`, "utf8"));
    expect(decodeFeedBytes(bytes)).toContain("<r>é</r>");
    expect(decodeFeedBytes(new Uint8Array(Buffer.from("<r>é</r>")))).toBe("<r>é</r>");
  });

  it("lets a byte-order mark win and removes it", () => {
    const utf8 = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...Buffer.from(`<?xml version="1.0" encoding="iso-8859-1"?><r>é</r>`),
    ]);
    expect(decodeFeedBytes(utf8)).toBe(`<?xml version="1.0" encoding="iso-8859-1"?><r>é</r>`);
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from("<r>é</r>", "utf16le")]);
    expect(decodeFeedBytes(utf16)).toBe("<r>é</r>");
  });

  it("ignores a UTF-16 label on bytes that are not UTF-16", () => {
    const bytes = new Uint8Array(Buffer.from(`<?xml version="1.0" encoding="UTF-16"?><r>é</r>`));
    expect(decodeFeedBytes(bytes)).toContain("<r>é</r>");
  });
});
