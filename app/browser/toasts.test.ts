// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notify, resetToasts, TOAST_LIFETIME_MS } from "#app/lib/toast.ts";
import { showToasts } from "./toasts.ts";

describe("the toasts in the page's notification area", () => {
  let stop = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
    document.body.innerHTML = `<section aria-label="Notifications"><ol data-toasts></ol></section>`;
    stop = showToasts(document);
  });
  afterEach(() => {
    stop();
    resetToasts();
    vi.useRealTimers();
  });
  const shown = () =>
    [...document.querySelectorAll("[data-toasts] .toast-box")].map((b) => ({
      role: b.getAttribute("role"),
      text: b.textContent,
    }));

  it("shows each toast as a status with its title and description, errors as alerts", () => {
    notify.success("Message Sent", { description: "Thank you" });
    notify.error("Error", { description: "Failed to generate RSS feed" });
    expect(shown()).toEqual([
      { role: "status", text: "Message SentThank you" },
      { role: "alert", text: "ErrorFailed to generate RSS feed" },
    ]);
  });

  it("keeps at most three and closes one on its button", () => {
    for (const t of ["a", "b", "c", "d"]) notify.message(t);
    expect(shown().map((t) => t.text)).toEqual(["b", "c", "d"]);
    document.querySelector<HTMLButtonElement>("[aria-label='Close notification']")?.click();
    expect(shown().map((t) => t.text)).toEqual(["c", "d"]);
  });

  it("goes after its lifetime, which stops while the pointer rests on it", () => {
    notify.message("hello");
    const box = document.querySelector(".toast-box") as HTMLElement;
    vi.advanceTimersByTime(TOAST_LIFETIME_MS - 1000);
    box.dispatchEvent(new Event("mouseenter"));
    vi.advanceTimersByTime(10 * TOAST_LIFETIME_MS);
    expect(shown()).toHaveLength(1);
    box.dispatchEvent(new Event("mouseleave"));
    vi.advanceTimersByTime(999);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(2);
    expect(shown()).toHaveLength(0);
  });
});
