// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { handleBrokenImages } from "./images.ts";

describe("images that fail to load", () => {
  it("removes a publisher's image and swaps a cover once to the placeholder", () => {
    document.body.innerHTML = `
      <div id="card"><img data-hide-on-error src="https://example.com/a.jpg" alt=""></div>
      <img id="cover" data-fallback-src="/covers/placeholder.svg" src="https://example.com/c.jpg"
        srcset="https://example.com/c-320w.jpg 320w, https://example.com/c.jpg 480w" sizes="50vw" alt="">`;
    handleBrokenImages(document);
    const fail = (el: Element | null) => el?.dispatchEvent(new Event("error"));
    fail(document.querySelector("#card img"));
    expect(document.querySelector("#card img")).toBeNull();
    const cover = document.getElementById("cover") as HTMLImageElement;
    fail(cover);
    expect(cover.getAttribute("src")).toBe("/covers/placeholder.svg");
    // Its srcset goes too: a browser would keep choosing the broken cover from it.
    expect(cover.hasAttribute("srcset")).toBe(false);
    // The placeholder failing too is left alone: no loop.
    fail(cover);
    expect(cover.getAttribute("src")).toBe("/covers/placeholder.svg");
    expect(document.getElementById("cover")).not.toBeNull();
  });
});
