import { describe, expect, it } from "vitest";
import { parseNewsletter } from "./newsletter.ts";

function form(email?: string) {
  const f = new FormData();
  if (email !== undefined) f.set("email", email);
  return f;
}

describe("parseNewsletter", () => {
  it("trims and lower-cases a valid address", () => {
    expect(parseNewsletter(form("  Reader@Example.COM "))).toEqual({ email: "reader@example.com" });
  });

  it("asks for an address when it is missing or blank", () => {
    expect(parseNewsletter(form())).toMatchObject({ error: "Enter your email address." });
    expect(parseNewsletter(form("   "))).toMatchObject({ error: "Enter your email address." });
  });

  it("rejects a malformed or oversized address, keeping what was typed", () => {
    expect(parseNewsletter(form("not-an-email"))).toEqual({
      error: "Enter a valid email address, like name@example.com.",
      email: "not-an-email",
    });
    expect(parseNewsletter(form(`${"a".repeat(250)}@x.io`))).toMatchObject({
      error: "That email address is too long.",
    });
  });
});
