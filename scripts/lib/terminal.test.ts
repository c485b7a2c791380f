import { describe, expect, it } from "vitest";
import { escapeControls, escapeJsonControls } from "./terminal.ts";

describe("escapeControls", () => {
  it("shows every C0 and C1 control and DEL as \\xNN, keeping text, tabs and newlines", () => {
    expect(escapeControls("a\u0000b\u0007c\u0008d\u000be\u001b[2Jf\u001fg\u007fh\u0080i\u009bj")).toBe(
      "a\\x00b\\x07c\\x08d\\x0Be\\x1B[2Jf\\x1Fg\\x7Fh\\x80i\\x9Bj",
    );
    expect(escapeControls("line 1\nline 2\tcol")).toBe("line 1\nline 2\tcol");
    // The edges of the ranges that stay: space, ~, U+00A0, and ordinary letters.
    expect(escapeControls(" ~\u00a0é😀")).toBe(" ~\u00a0é😀");
    expect(escapeControls("\r")).toBe("\\x0D");
  });

  it("for a one-line field, shows newlines and tabs too", () => {
    expect(escapeControls("Mallory\nSubject: x\tY\r", false)).toBe("Mallory\\x0ASubject: x\\x09Y\\x0D");
    expect(escapeControls("plain text", false)).toBe("plain text");
  });
});

describe("escapeJsonControls", () => {
  it("escapes DEL and the C1 controls JSON.stringify leaves as they are, and nothing else", () => {
    expect(escapeJsonControls(JSON.stringify("a\u007fb\u0085c\u009fd\u00a0e\u007ef"))).toBe(
      '"a\\u007fb\\u0085c\\u009fd\u00a0e~f"',
    );
  });
});
