import { describe, expect, it } from "vitest";
import {
  CONTACT_LIMITS,
  type ContactValues,
  EMPTY_CONTACT,
  firstInvalidField,
  readContactForm,
} from "./contact.ts";
import { validateContact } from "./contact-schema.ts";

const valid: ContactValues = {
  name: "Ada Reader",
  email: "ada@example.com",
  category: "news-tip",
  subject: "A new charging hub",
  message: "The city is opening a hub on Main Street.",
};

describe("validateContact", () => {
  it("refuses control characters other than newlines and tabs (terminal escapes)", () => {
    const result = validateContact({
      ...valid,
      name: "Eve\u001b[2J",
      subject: "Hi\u009b31m",
      message: "clear\u001b]52;c;ZWNobw==\u0007",
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(["message", "name", "subject"]);
      expect(result.errors.message).toMatch(/control characters/);
    }
    expect(validateContact({ ...valid, message: "line 1\n\tline 2" }).ok).toBe(true);
  });

  it("accepts a complete message, trimmed", () => {
    const result = validateContact({ ...valid, name: "  Ada Reader ", email: " ada@example.com " });
    expect(result).toEqual({ ok: true, data: valid });
  });

  it("treats the category as optional", () => {
    const result = validateContact({ ...valid, category: "" });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).not.toHaveProperty("category");
  });

  it("requires name, email, subject and message, each with its own message", () => {
    const result = validateContact({ ...EMPTY_CONTACT });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Enter your name.",
        email: "Enter your email address.",
        subject: "Enter a subject.",
        message: "Enter your message.",
      },
    });
    expect(validateContact({ ...valid, message: "   \n " })).toEqual({
      ok: false,
      errors: { message: "Enter your message." },
    });
  });

  it("checks the email format", () => {
    for (const email of ["not-an-email", "a@", "@b.co", "a b@c.co", "a@b"]) {
      expect(validateContact({ ...valid, email })).toEqual({
        ok: false,
        errors: { email: "Enter a valid email address, like name@example.com." },
      });
    }
  });

  it("rejects an unknown category and over-long fields", () => {
    expect(validateContact({ ...valid, category: "spam" })).toEqual({
      ok: false,
      errors: { category: "Choose one of the listed topics." },
    });
    const long = validateContact({
      ...valid,
      name: "n".repeat(CONTACT_LIMITS.name + 1),
      subject: "s".repeat(CONTACT_LIMITS.subject + 1),
      message: "m".repeat(CONTACT_LIMITS.message + 1),
    });
    expect(long).toEqual({
      ok: false,
      errors: {
        name: "Your name must be 100 characters or fewer.",
        subject: "The subject must be 150 characters or fewer.",
        message: "The message must be 5,000 characters or fewer.",
      },
    });
    expect(validateContact({ ...valid, message: "m".repeat(CONTACT_LIMITS.message) }).ok).toBe(true);
  });

  it("does not accept values that are not strings", () => {
    const result = validateContact({ ...valid, name: 42 } as unknown as ContactValues);
    expect(result).toEqual({ ok: false, errors: { name: "Enter your name." } });
  });
});

describe("readContactForm and firstInvalidField", () => {
  it("reads every field as a string, missing ones empty, CRLF as LF", () => {
    const form = new FormData();
    form.set("name", "Ada");
    form.set("message", "line 1\r\nline 2");
    form.set("website", "ignored here");
    expect(readContactForm(form)).toEqual({
      ...EMPTY_CONTACT,
      name: "Ada",
      message: "line 1\nline 2",
    });
  });

  it("finds the first invalid field in form order", () => {
    expect(firstInvalidField({ message: "x", email: "y" })).toBe("email");
    expect(firstInvalidField({})).toBeUndefined();
  });
});
