// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { startTicker } from "./ticker.ts";

describe("the ticker", () => {
  it("adds one hidden copy of the list, out of the keyboard's way, and moves once", () => {
    document.body.innerHTML = `<div class="overflow-x-auto"><div data-ticker-track><ul><li><a href="https://a.example/">A</a></li></ul></div></div>`;
    startTicker(document);
    startTicker(document);
    const lists = document.querySelectorAll("[data-ticker-track] ul");
    expect(lists).toHaveLength(2);
    expect(lists[0]?.getAttribute("aria-hidden")).toBeNull();
    expect(lists[1]?.getAttribute("aria-hidden")).toBe("true");
    expect(lists[1]?.querySelector("a")?.tabIndex).toBe(-1);
    expect(document.querySelector("[data-ticker-track]")?.classList.contains("ticker-track")).toBe(true);
    expect(document.querySelector(".overflow-hidden")).not.toBeNull();
  });
});
