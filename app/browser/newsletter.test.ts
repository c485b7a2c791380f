// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts, subscribeToasts, type Toast } from "#app/lib/toast.ts";
import { wireNewsletter } from "./newsletter.ts";

const block = (inner: string) => `<section id="newsletter"><form method="post" action="/?index">
  <input type="email" name="email" value="a@b.example"><button type="submit">Subscribe</button></form>${inner}</section>`;

describe("the newsletter form, posted in place", () => {
  let toasts: readonly Toast[] = [];
  beforeEach(() => {
    resetToasts();
    subscribeToasts((list) => {
      toasts = list;
    });
    document.body.innerHTML = block("");
    wireNewsletter(document);
  });
  afterEach(() => vi.unstubAllGlobals());

  const submit = async (answer: string) => {
    const fetch = vi.fn(async () => new Response(`<html><body>${answer}</body></html>`, { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    document.querySelector("form")?.requestSubmit();
    await vi.waitFor(() => expect(document.querySelector("[role=status],[role=alert]")).not.toBeNull());
    return fetch;
  };

  it("shows the server's answer in the block and confirms with a toast", async () => {
    const fetch = await submit(block(`<p role="status">Check your email to confirm.</p>`));
    expect(fetch).toHaveBeenCalledOnce();
    expect(document.querySelector("[role=status]")?.textContent).toBe("Check your email to confirm.");
    expect(toasts.map((t) => [t.title, t.description])).toEqual([
      ["Check your inbox", "Check your email to confirm."],
    ]);
  });

  it("puts focus back in the field on an error, without a toast", async () => {
    await submit(block(`<p role="alert">Enter a valid email address, like name@example.com.</p>`));
    expect(document.activeElement).toBe(document.querySelector("input[type=email]"));
    expect(toasts).toHaveLength(0);
  });
});
