// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts, subscribeToasts, type Toast } from "#app/lib/toast.ts";
import { WELCOME_DELAY_MS, welcomeOnce } from "./welcome.ts";

describe("the welcome toast", () => {
  let toasts: readonly Toast[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    resetToasts();
    subscribeToasts((list) => {
      toasts = list;
    });
    document.body.innerHTML = `<span hidden data-welcome-title="Welcome to X" data-welcome-description="Today's headlines."></span>`;
  });
  afterEach(() => vi.useRealTimers());

  it("shows one second after the page, once per session", () => {
    welcomeOnce(document);
    vi.advanceTimersByTime(WELCOME_DELAY_MS - 1);
    expect(toasts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(toasts.map((t) => [t.title, t.description])).toEqual([["Welcome to X", "Today's headlines."]]);
    resetToasts();
    welcomeOnce(document);
    vi.advanceTimersByTime(10 * WELCOME_DELAY_MS);
    expect(toasts).toHaveLength(0);
  });

  it("waits for a prerendered page to be shown", () => {
    Object.defineProperty(document, "prerendering", { value: true, configurable: true });
    try {
      welcomeOnce(document);
      vi.advanceTimersByTime(10 * WELCOME_DELAY_MS);
      expect(toasts).toHaveLength(0);
      document.dispatchEvent(new Event("prerenderingchange"));
      vi.advanceTimersByTime(WELCOME_DELAY_MS);
      expect(toasts).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(document, "prerendering");
    }
  });

  it("is not on other pages", () => {
    document.body.innerHTML = "";
    welcomeOnce(document);
    vi.advanceTimersByTime(10 * WELCOME_DELAY_MS);
    expect(toasts).toHaveLength(0);
  });
});
