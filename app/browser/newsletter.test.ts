// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts, subscribeToasts, type Toast } from "#app/lib/toast.ts";
import { wireNewsletter } from "./newsletter.ts";

const BLOCK = `<section id="newsletter"><form method="post" action="/?index" data-api="/api/newsletter">
  <input type="email" name="email" value="a@b.example"><button type="submit">Subscribe</button></form>
  <p id="err" data-newsletter-error role="alert" hidden></p><p data-newsletter-status role="status" hidden></p></section>`;

describe("the newsletter form, sent in place", () => {
  let toasts: readonly Toast[] = [];
  beforeEach(() => {
    resetToasts();
    subscribeToasts((list) => {
      toasts = list;
    });
    document.body.innerHTML = BLOCK;
    wireNewsletter(document);
  });
  afterEach(() => vi.unstubAllGlobals());

  const submit = async (answer: unknown, status = 200) => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(answer, { status }));
    vi.stubGlobal("fetch", fetch);
    document.querySelector("form")?.requestSubmit();
    await vi.waitFor(() =>
      expect(document.querySelector("[role=status]:not([hidden]),[role=alert]:not([hidden])")).not.toBeNull(),
    );
    return fetch;
  };

  it("posts to the API once and shows the answer under the same form, with a toast", async () => {
    const form = document.querySelector("form");
    const fetch = await submit({ ok: true, message: "Check your email to confirm." });
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/newsletter");
    expect(document.querySelector("form")).toBe(form);
    expect(document.querySelector("[role=status]")?.textContent).toBe("Check your email to confirm.");
    expect(toasts.map((t) => [t.title, t.description])).toEqual([
      ["Check your inbox", "Check your email to confirm."],
    ]);
    expect(document.querySelector("button")?.textContent).toBe("Subscribe");
  });

  it("marks the field and puts focus in it on an error, without a toast", async () => {
    await submit(
      { ok: false, error: "Enter a valid email address, like name@example.com.", email: "x" },
      400,
    );
    const input = document.querySelector("input[type=email]");
    expect(document.querySelector("[role=alert]")?.textContent).toBe(
      "Enter a valid email address, like name@example.com.",
    );
    expect(input?.getAttribute("aria-invalid")).toBe("true");
    expect(input?.getAttribute("aria-describedby")).toBe("err");
    expect(document.activeElement).toBe(input);
    expect(toasts).toHaveLength(0);
  });
});
