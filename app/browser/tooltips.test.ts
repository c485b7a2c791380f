// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOOLTIP_DELAY_MS, TOOLTIP_GRACE_MS, wireTooltips } from "./tooltips.ts";

afterEach(() => vi.useRealTimers());

describe("tooltips", () => {
  it("a tooltip the pointer opened hides on Escape, wherever focus is (WCAG 1.4.13)", () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<span data-tooltip><button type="button" aria-describedby="t">M</button><span role="tooltip" id="t" hidden>Menu</span></span><input>`;
    wireTooltips(document);
    const button = document.querySelector("button") as HTMLButtonElement;
    const tip = document.querySelector<HTMLElement>("[role=tooltip]") as HTMLElement;
    button.dispatchEvent(new PointerEvent("pointerenter", { pointerType: "mouse" }));
    vi.advanceTimersByTime(TOOLTIP_DELAY_MS);
    expect(tip.hidden).toBe(false);
    // Focus is elsewhere: the Escape reaches the document, not the button.
    document.querySelector("input")?.focus();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(tip.hidden).toBe(true);
  });

  it("stays while the pointer moves from the control onto the tooltip, and hides once it leaves both", () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<span data-tooltip><button type="button" aria-describedby="t">M</button><span role="tooltip" id="t" hidden>Menu</span></span>`;
    wireTooltips(document);
    const host = document.querySelector("[data-tooltip]") as HTMLElement;
    const tip = document.querySelector<HTMLElement>("[role=tooltip]") as HTMLElement;
    const mouse = (type: string) => host.dispatchEvent(new PointerEvent(type, { pointerType: "mouse" }));
    document
      .querySelector("button")
      ?.dispatchEvent(new PointerEvent("pointerenter", { pointerType: "mouse" }));
    vi.advanceTimersByTime(TOOLTIP_DELAY_MS);
    expect(tip.hidden).toBe(false);
    // Out across the gap and onto the tooltip within the grace: it stays.
    mouse("pointerleave");
    vi.advanceTimersByTime(TOOLTIP_GRACE_MS - 10);
    mouse("pointerenter");
    vi.advanceTimersByTime(10 * TOOLTIP_GRACE_MS);
    expect(tip.hidden).toBe(false);
    mouse("pointerleave");
    vi.advanceTimersByTime(TOOLTIP_GRACE_MS);
    expect(tip.hidden).toBe(true);
  });
});
