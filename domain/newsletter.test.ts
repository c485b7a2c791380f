import { describe, expect, it } from "vitest";
import { newsletterSchema, parseNewsletter } from "./newsletter.ts";

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

describe("the newsletter form's edges", () => {
  it("takes an address of exactly 254 characters, and not one more", () => {
    // 64 + 1 + 189: the longest address mail allows.
    const domain = `${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
    const longest = `${"a".repeat(64)}@${domain}`;
    expect(longest).toHaveLength(254);
    expect(parseNewsletter(form(longest))).toEqual({ email: longest });
    expect(parseNewsletter(form(`a${longest}`))).toEqual({
      error: "That email address is too long.",
      email: `a${longest}`,
    });
  });

  it("treats a file sent as the address as no address", () => {
    const f = new FormData();
    f.set("email", new Blob(["reader@example.com"]), "email.txt");
    expect(parseNewsletter(f)).toEqual({ error: "Enter your email address.", email: "" });
  });

  it("asks for an address when the schema gets none at all", () => {
    const result = newsletterSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Enter your email address.");
  });
});
